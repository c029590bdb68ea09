import { createRequire } from 'node:module';

/** The only file that imports bmp-js (a pure-JS decoder; sharp's prebuilt libvips has no BMP loader). */
const require = createRequire(import.meta.url);
const bmp = require('bmp-js') as { decode(buffer: Buffer): { width: number; height: number; data: Buffer } };

export interface BmpHeader {
  width: number;
  height: number;
}

/** Size as the BITMAPINFOHEADER (or a later version of it) declares it, read before any pixel is decoded. */
export function readBmpHeader(head: Uint8Array): BmpHeader {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.length < 26 || bytes.toString('latin1', 0, 2) !== 'BM') throw new Error('Not a BMP file');
  const dibHeaderSize = bytes.readUInt32LE(14);
  // The 12-byte OS/2 core header (16-bit sizes) is from 1988 and bmp-js cannot decode it either.
  if (dibHeaderSize < 40) throw new Error('Unsupported BMP header');
  const width = bytes.readInt32LE(18);
  const height = Math.abs(bytes.readInt32LE(22)); // negative: rows stored top-down
  if (width <= 0 || height <= 0) throw new Error('Invalid BMP size');
  return { width, height };
}

/** Decodes to packed RGB. Callers check the header's pixel count first: bmp-js allocates 4 bytes per pixel. */
export function decodeBmpToRgb(file: Buffer): { width: number; height: number; rgb: Buffer } {
  const { width, height, data } = bmp.decode(file);
  const rgb = Buffer.allocUnsafe(width * height * 3);
  // bmp-js hands back ABGR quads; alpha is dropped because photos have none worth keeping.
  for (let source = 0, target = 0; target < rgb.length; source += 4, target += 3) {
    rgb[target] = data[source + 3]!;
    rgb[target + 1] = data[source + 2]!;
    rgb[target + 2] = data[source + 1]!;
  }
  return { width, height, rgb };
}
