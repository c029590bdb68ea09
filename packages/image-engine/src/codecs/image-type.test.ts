import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURE_PHOTOS_DIR } from '../test-support/fixtures';
import { sniffImageType } from './image-type';

const FIXTURES = FIXTURE_PHOTOS_DIR;

/** An ISO-BMFF file head: an `ftyp` box with the given brands, then some other box. */
function isoFile(major: string, compatible: string[]): Buffer {
  const ftyp = Buffer.alloc(16 + 4 * compatible.length);
  ftyp.writeUInt32BE(ftyp.length, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(major.padEnd(4, ' '), 8, 'latin1');
  compatible.forEach((brand, i) => ftyp.write(brand.padEnd(4, ' '), 16 + 4 * i, 'latin1'));
  const meta = Buffer.alloc(64);
  meta.writeUInt32BE(64, 0);
  meta.write('meta', 4, 'latin1');
  return Buffer.concat([ftyp, meta]);
}

function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(14))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const bytes = (...values: number[]) => Buffer.from(values);

describe('sniffImageType', () => {
  it('recognises the committed photos by their bytes', async () => {
    const head = async (name: string) => (await readFile(path.join(FIXTURES, name))).subarray(0, 4100);
    expect(await sniffImageType(await head('exterior.jpg'))).toBe('jpeg');
    expect(await sniffImageType(await head('portrait-exif-orientation-6.jpg'))).toBe('jpeg');
    expect(await sniffImageType(await head('furnished-interior.heic'))).toBe('heic');
  });

  it.each([
    ['png', png()],
    ['gif', Buffer.concat([Buffer.from('GIF89a', 'latin1'), bytes(1, 0, 1, 0, 0, 0, 0), Buffer.alloc(32)])],
    [
      'bmp',
      Buffer.concat([
        Buffer.from('BM', 'latin1'),
        bytes(70, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0),
        Buffer.alloc(40),
      ]),
    ],
    ['tiff', Buffer.concat([bytes(0x49, 0x49, 0x2a, 0, 8, 0, 0, 0), Buffer.alloc(64)])],
    [
      'webp',
      Buffer.concat([
        Buffer.from('RIFF', 'latin1'),
        bytes(64, 0, 0, 0),
        Buffer.from('WEBPVP8 ', 'latin1'),
        Buffer.alloc(52),
      ]),
    ],
    ['jpeg', Buffer.concat([bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(64)])],
  ])('recognises %s', async (type, head) => {
    expect(await sniffImageType(head)).toBe(type);
  });

  it.each([
    ['heic', ['mif1', 'heic']],
    ['heix', ['mif1', 'heix']],
    ['heim', ['mif1', 'heim']],
    ['heis', ['mif1', 'heis']],
    ['hevc', ['msf1', 'hevc']],
    ['hevx', ['msf1', 'hevx']],
    ['mif1', ['mif1', 'heic', 'miaf']],
    ['msf1', ['msf1', 'hevc']],
    ['mif1', ['mif1']],
  ])('recognises HEIF with major brand %s (compatible %j) as heic', async (major, compatible) => {
    expect(await sniffImageType(isoFile(major, compatible))).toBe('heic');
  });

  it.each([
    ['AVIF', isoFile('avif', ['mif1', 'avif', 'miaf'])],
    ['AVIF behind a structural brand', isoFile('mif1', ['mif1', 'avif', 'miaf'])],
    ['an MP4 renamed .heic', isoFile('isom', ['isom', 'iso2', 'avc1', 'mp41'])],
    ['a QuickTime movie', isoFile('qt', ['qt'])],
    [
      'an SVG',
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['an HTML page', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['a shell script', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', async (_name, head) => {
    expect(await sniffImageType(head)).toBeNull();
  });
});
