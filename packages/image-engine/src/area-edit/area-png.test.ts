/** An area edit's PNG, from the base's runs deflated ahead and the region's written after, decodes exactly. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToRgb, type RgbImage } from '../codecs/image-codec';
import { deflateRowsAroundArea, writeAreaEditPng } from './area-png';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-area-png-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function noise(width: number, height: number, seed: number): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = seed >>> 24;
  }
  return { data, width, height };
}

describe('writeAreaEditPng', () => {
  it.each([
    ['inside the frame', { left: 10, top: 20, width: 30, height: 300 }],
    ['at the left, right, top and bottom edges', { left: 0, top: 0, width: 83, height: 301 }],
    ['one row, up to the right edge', { left: 50, top: 7, width: 33, height: 1 }],
  ])('decodes to the edited photo exactly: %s', async (_, region) => {
    const base = noise(83, 301, 1);
    const edited = { ...base, data: Buffer.from(base.data) };
    const changed = noise(region.width, region.height, 2);
    for (let y = 0; y < region.height; y++) {
      const start = ((region.top + y) * base.width + region.left) * 3;
      changed.data.copy(edited.data, start, y * region.width * 3, (y + 1) * region.width * 3);
    }
    const file = path.join(dir, `${region.left}-${region.top}.png`);
    await writeAreaEditPng(file, edited, await deflateRowsAroundArea(base, region));
    expect((await decodeToRgb(file, 'png')).data.equals(edited.data)).toBe(true);
  });
});
