import QRCode from 'qrcode';

/** QR codes through node-qrcode: the only file that imports it. Medium error correction, a 4-module quiet zone. */
export async function qrcodePng(text: string, size: number): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: size });
}

export async function qrcodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
