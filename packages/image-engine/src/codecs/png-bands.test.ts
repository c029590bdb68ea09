/** The PNG written from separately deflated bands of rows (png-bands.ts) decodes to exactly its pixels. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToRgb, type RgbImage } from './image-codec';
import { deflatePngRows, PngBandWriter, writePngFromBands } from './png-bands';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-png-bands-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Noise over gradients, so rows differ and the Sub filter wraps around in both directions. */
function testImage(width: number, height: number): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = ((i % (width * 3)) + (seed >>> 24)) & 0xff;
  }
  return { data, width, height };
}

/** The PNG's image data inflated by zlib, which checks the stream's Adler-32 (libvips does not). */
async function inflatedRows(file: string): Promise<Buffer> {
  const png = await readFile(file);
  const parts: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  return inflateSync(Buffer.concat(parts));
}

describe('writePngFromBands', () => {
  it.each([
    ['three bands, one spanning several slices', [0, 3, 600, 601]],
    ['an empty band first and last', [0, 0, 601, 601]],
    ['one band', [0, 601]],
  ])('writes a PNG that decodes exactly: %s', async (_, cuts) => {
    const image = testImage(97, 601);
    const bands = [];
    for (let i = 0; i + 1 < cuts.length; i++) bands.push(await deflatePngRows(image, cuts[i]!, cuts[i + 1]!));
    const file = path.join(dir, `${cuts.join('-')}.png`);
    await writePngFromBands(file, image, bands);
    expect(await sharp(file).metadata()).toMatchObject({ format: 'png', channels: 3, depth: 'uchar' });
    expect((await decodeToRgb(file, 'png')).data.equals(image.data)).toBe(true);
    expect((await inflatedRows(file)).length).toBe((97 * 3 + 1) * 601);
  });

  it.each([
    ['a photo', 97],
    ['one pixel wide', 1],
    ['rows longer than a run of the checksum', 2500],
  ])('writes a band added a run of rows at a time, as an area edit makes them: %s', async (name, width) => {
    const image = testImage(width, 601);
    const middle = new PngBandWriter();
    for (const [top, bottom] of [
      [3, 259],
      [259, 515],
      [515, 600],
    ] as const) {
      middle.add(image, top, bottom);
    }
    const bands = [await deflatePngRows(image, 0, 3), await middle.finish(), await deflatePngRows(image, 600, 601)];
    const file = path.join(dir, `runs-${width}.png`);
    await writePngFromBands(file, image, bands);
    expect((await decodeToRgb(file, 'png')).data.equals(image.data)).toBe(true);
    expect((await inflatedRows(file)).length).toBe((width * 3 + 1) * image.height);
  });

  it('writes a stored band that decodes exactly, and the same PNG smaller once it is compacted', async () => {
    // Rows longer than a stored block (65,535 bytes), so the stored rows span several blocks.
    const image = testImage(30000, 40);
    const middle = new PngBandWriter({ stored: true });
    middle.add(image, 5, 35);
    const around = [await deflatePngRows(image, 0, 5), await deflatePngRows(image, 35, 40)] as const;
    const stored = path.join(dir, 'stored.png');
    const compacted = path.join(dir, 'compacted.png');
    await writePngFromBands(stored, image, [around[0], await middle.finish(), around[1]]);
    await writePngFromBands(compacted, image, [around[0], await middle.compacted(), around[1]]);
    for (const file of [stored, compacted]) {
      expect((await decodeToRgb(file, 'png')).data.equals(image.data)).toBe(true);
      expect((await inflatedRows(file)).length).toBe((image.width * 3 + 1) * image.height);
    }
    // Stored: the rows' filtered bytes as they are; compacted: deflated (the noise is half the bytes' entropy).
    expect((await readFile(stored)).length).toBeGreaterThan(30 * (image.width * 3 + 1));
    expect((await readFile(compacted)).length).toBeLessThan((await readFile(stored)).length * 0.8);
  });
});
