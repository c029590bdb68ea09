import { deflateSync } from 'node:zlib';
import { makeJpeg } from '@hearth/image-engine/test-support';

export { makeJpeg, makePng } from '@hearth/image-engine/test-support';

/** A tiny, valid PNG whose header claims 50000×50000 pixels: a decompression bomb. */
export function pixelBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + 50_000 * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(row)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A valid JPEG padded after its end marker to exactly `size` bytes (decoders ignore the tail). */
export async function jpegOfSize(size: number): Promise<Buffer> {
  const jpeg = await makeJpeg(400, 300);
  return Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length, 0)]);
}

export const SVG_AS_JPG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const HTML_AS_JPG = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const SCRIPT_AS_JPG = Buffer.from('#!/bin/sh\nrm -rf /\n');

/** An MP4 header (ftyp isom) renamed .heic: an ISO-BMFF file that is not an image. */
export function mp4AsHeic(): Buffer {
  const ftyp = Buffer.alloc(32);
  ftyp.writeUInt32BE(32, 0);
  ftyp.write('ftypisom', 4, 'ascii');
  ftyp.writeUInt32BE(512, 12);
  ftyp.write('isomiso2avc1mp41', 16, 'ascii');
  return Buffer.concat([ftyp, Buffer.alloc(2048, 7)]);
}
