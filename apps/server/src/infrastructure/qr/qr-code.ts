import { qrcodePng, qrcodeSvg } from '../../adapters/node-qrcode';

/** A QR code of a URL, as a PNG of `size` pixels square (scannable from print and screens) or as SVG. */
export const qrPng = (text: string, size = 600): Promise<Buffer> => qrcodePng(text, size);
export const qrSvg = (text: string): Promise<string> => qrcodeSvg(text);
