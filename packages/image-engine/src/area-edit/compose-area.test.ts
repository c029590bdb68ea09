import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeToRgb, type RgbImage } from '../codecs/image-codec';
import { encodeRgbToJpegBuffer, resizeRgbExact } from '../codecs/image-compose';
import { EYE_LEVEL } from '../fit-to-original/change-zones';
import { fitAtWorkSize } from '../fit-to-original/fit-to-original';
import { loadFixture } from '../test-support/calibration-cases';
import { addFurniture, copyImage, drawWindow, paintOver } from '../test-support/room-edits';
import { AreaMaskError, maskForProvider, readAreaMask, scaleMask, type AreaMask } from './area-mask';
import { deflateRowsAroundArea, writeAreaEditPng } from './area-png';
import { blendIntoArea, composeAreaEdit, prepareArea } from './compose-area';
import { nativeKernelsStatus } from '../native/kernels';

vi.setConfig({ testTimeout: 60_000 });

let room: RgbImage;
beforeAll(async () => {
  room = await loadFixture('empty-interior');
});

/** A PNG of `width`×`height`, transparent, with opaque pixels where `painted` says (the brush's canvas). */
function brushPng(width: number, height: number, painted: (x: number, y: number) => boolean) {
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!painted(x, y)) continue;
      const p = (y * width + x) * 4;
      rgba.set([255, 64, 64, 255], p);
    }
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The lower-left quarter's middle, in fractions of the frame: where the sofa goes. */
const inArea = (fx: number, fy: number) => fx > 0.15 && fx < 0.55 && fy > 0.55 && fy < 0.9;

describe('readAreaMask', () => {
  it('reads the opaque pixels of a transparent PNG as painted, and the light ones of a PNG without alpha', async () => {
    const alpha = await readAreaMask(await brushPng(100, 50, (x) => x < 25));
    expect(alpha).toMatchObject({ width: 100, height: 50, paintedFraction: 0.25 });
    expect(alpha.data[0]).toBe(1);
    expect(alpha.data[99]).toBe(0);

    const grey = Buffer.alloc(100 * 50);
    for (let i = 0; i < grey.length; i++) if (i % 100 >= 50) grey[i] = 255;
    const opaque = await readAreaMask(
      await sharp(grey, { raw: { width: 100, height: 50, channels: 1 } })
        .png()
        .toBuffer(),
    );
    expect(opaque.paintedFraction).toBe(0.5);
    expect(opaque.data[0]).toBe(0);
    expect(opaque.data[99]).toBe(1);
  });

  it('refuses what is not a PNG, too large, of another shape, or painted nowhere, saying why', async () => {
    const jpeg = await encodeRgbToJpegBuffer({ data: Buffer.alloc(64 * 64 * 3, 255), width: 64, height: 64 });
    await expect(readAreaMask(jpeg)).rejects.toThrow(new AreaMaskError('The painted area must be a PNG image.'));
    await expect(readAreaMask(Buffer.from('not an image'))).rejects.toThrow(/could not be read: send it as a PNG/);
    await expect(readAreaMask(await brushPng(4100, 20, () => true))).rejects.toThrow(
      'The painted area can be at most 4096 pixels on its long side.',
    );
    await expect(readAreaMask(await brushPng(100, 100, () => true), { width: 1600, height: 1067 })).rejects.toThrow(
      'The painted area (100×100) does not have the shape of the version (1600×1067).',
    );
    await expect(readAreaMask(await brushPng(150, 100, () => false))).rejects.toThrow(
      'Nothing is painted: paint over the area to change, then submit.',
    );
  });

  it('scales to the size providers are sent: white where painted, or transparent where painted', async () => {
    const mask = await readAreaMask(await brushPng(40, 20, (x) => x >= 20));
    const { white, clear } = await maskForProvider(mask, 80, 40);
    expect(await sharp(white).metadata()).toMatchObject({ format: 'png', width: 80, height: 40, channels: 1 });
    const grey = await sharp(white).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect([grey.data[0], grey.data[79]]).toEqual([0, 255]);
    const rgba = await sharp(clear).raw().toBuffer({ resolveWithObject: true });
    expect(rgba.info).toMatchObject({ width: 80, height: 40, channels: 4 });
    expect([rgba.data[3], rgba.data[79 * 4 + 3]]).toEqual([255, 0]);
  });
});

describe('composeAreaEdit', () => {
  async function maskOver(image: RgbImage, scale = 1): Promise<AreaMask> {
    const w = Math.round(image.width * scale);
    const h = Math.round(image.height * scale);
    return readAreaMask(await brushPng(w, h, (x, y) => inArea(x / w, y / h)), image);
  }

  function expectOnlyInside(result: { image: RgbImage; area: Uint8Array; alpha: Uint8Array }, base: RgbImage) {
    let outsideDiffers = 0;
    let insideDiffers = 0;
    let inside = 0;
    for (let i = 0; i < result.area.length; i++) {
      const same =
        result.image.data[i * 3] === base.data[i * 3] &&
        result.image.data[i * 3 + 1] === base.data[i * 3 + 1] &&
        result.image.data[i * 3 + 2] === base.data[i * 3 + 2];
      if (!result.area[i]) {
        if (!same) outsideDiffers++;
        if (result.alpha[i]) outsideDiffers++;
      } else {
        inside++;
        if (!same) insideDiffers++;
      }
    }
    expect(outsideDiffers).toBe(0);
    expect(inside).toBeGreaterThan(0);
    return insideDiffers / inside;
  }

  it('keeps every pixel outside the painted area byte for byte and takes the edit inside it', async () => {
    // The model adds furniture across the floor, and also a window the agent never asked for, outside the area.
    const edited = addFurniture(copyImage(room));
    drawWindow(edited, { left: 0.62, top: 0.15, right: 0.85, bottom: 0.45 });
    const mask = await maskOver(room);
    const result = await composeAreaEdit(room, edited, mask, { zone: EYE_LEVEL });
    expect(result.image).toMatchObject({ width: room.width, height: room.height });
    expect(expectOnlyInside(result, room)).toBeGreaterThan(0.3);
    // Deep inside, past the feather, the photo is the edit's (fitted: close to what the model drew).
    const x = Math.round(room.width * 0.35);
    const y = Math.round(room.height * 0.75);
    expect(result.alpha[y * room.width + x]).toBe(255);
  });

  it('feathers inside the area: the weight rises from the edge', async () => {
    const edited = copyImage(room);
    paintOver(edited, { left: 0, top: 0, right: 1, bottom: 1 });
    const result = await composeAreaEdit(room, edited, await maskOver(room), { zone: EYE_LEVEL });
    const y = Math.round(room.height * 0.75);
    const edge = Math.ceil(room.width * 0.15) + 1;
    const row = Array.from(result.alpha.subarray(y * room.width + edge - 3, y * room.width + edge + 40));
    expect(row[0]).toBe(0);
    expect(row.at(-1)).toBe(255);
    const rising = row.slice(3).filter((a) => a > 0 && a < 255);
    expect(rising.length).toBeGreaterThan(3);
    expect(row.every((a, i) => i === 0 || a >= row[i - 1]!)).toBe(true);
  });

  it('confines a whole-photo edit (a provider that takes no mask) and a mask smaller than the photo', async () => {
    // Everything recoloured, as if the model restyled the room: only the area may show it.
    const edited = copyImage(room);
    for (let i = 0; i < edited.data.length; i += 3) edited.data[i] = Math.min(255, edited.data[i]! + 60);
    const mask = await maskOver(room, 0.5);
    const result = await composeAreaEdit(room, edited, mask, { zone: EYE_LEVEL });
    expect(result.area).toEqual(await scaleMask(mask, room.width, room.height));
    expect(expectOnlyInside(result, room)).toBeGreaterThan(0.9);
  });

  it('registers an answer the vendor squeezed into its own shape, matching finely only around the area', async () => {
    // Squeezed into a square, as some models answer: the fit must undo it where the area is.
    const edited = await resizeRgbExact(addFurniture(copyImage(room)), 700, 700);
    const result = await composeAreaEdit(room, edited, await maskOver(room), { zone: EYE_LEVEL });
    const { mapping } = result.alignment;
    expect(mapping.scaleX).toBeCloseTo(room.width / 700, 1);
    expect(mapping.scaleY).toBeCloseTo(room.height / 700, 1);
    // The answer's pixel that shows the middle of the area lands within two pixels of it.
    for (const [at, size, scale, offset] of [
      [0.35 * room.width, room.width, mapping.scaleX, mapping.offsetX],
      [0.72 * room.height, room.height, mapping.scaleY, mapping.offsetY],
    ] as const) {
      const inAnswer = (at * 700) / size;
      expect(Math.abs(offset + inAnswer * scale - at)).toBeLessThan(2);
    }
    expect(expectOnlyInside(result, room)).toBeGreaterThan(0.3);
  });

  it('survives a PNG round trip exactly, and flags a window drawn inside the area', async () => {
    const edited = copyImage(room);
    drawWindow(edited, { left: 0.2, top: 0.1, right: 0.5, bottom: 0.8 });
    const mask = await readAreaMask(
      await brushPng(room.width, room.height, (x) => x > room.width * 0.15 && x < room.width * 0.55),
      room,
    );
    // Prepared ahead, as the job does while the provider works; the PNG's rows above and below are the base's.
    const prepared = await prepareArea(room, mask);
    const around = await deflateRowsAroundArea(room, prepared.region);
    const result = await composeAreaEdit(room, edited, mask, { zone: EYE_LEVEL, prepared });
    expect(result.structure.needsReview).toBe(true);
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'hearth-area-png-')), 'edit.png');
    await writeAreaEditPng(file, result.image, around);
    expect((await decodeToRgb(file, 'png')).data.equals(result.image.data)).toBe(true);
    await rm(path.dirname(file), { recursive: true });

    const furnished = await composeAreaEdit(room, addFurniture(copyImage(room)), await maskOver(room), {
      zone: EYE_LEVEL,
    });
    expect(furnished.structure.needsReview).toBe(false);
  });
  it('hands over the rows of the area’s rectangle in runs, top to bottom, each final when handed over', async () => {
    const edited = addFurniture(copyImage(room));
    const mask = await maskOver(room);
    const prepared = await prepareArea(room, mask);
    const { region } = prepared;
    const runs: { top: number; bottom: number; rows: Buffer }[] = [];
    const result = await composeAreaEdit(room, edited, mask, {
      zone: EYE_LEVEL,
      prepared,
      onRowsMade: (image, top, bottom) =>
        runs.push({
          top,
          bottom,
          rows: Buffer.from(image.data.subarray(top * image.width * 3, bottom * image.width * 3)),
        }),
    });
    expect(runs.length).toBeGreaterThan(1);
    expect(runs[0]!.top).toBe(region.top);
    expect(runs.at(-1)!.bottom).toBe(region.top + region.height);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.top).toBe(runs[i - 1]!.bottom);
    for (const { top, bottom, rows } of runs) {
      const final = result.image.data.subarray(top * room.width * 3, bottom * room.width * 3);
      expect(rows.equals(final), `rows ${top}–${bottom}`).toBe(true);
    }
  });

  it('blends in C to the same bytes as in JavaScript, for answers fitted, squeezed, recoloured and partial', async () => {
    expect(nativeKernelsStatus()).toEqual({ available: true }); // npm ci builds it; without a C compiler, JavaScript
    const recoloured = copyImage(room);
    for (let i = 0; i < recoloured.data.length; i += 3) recoloured.data[i] = Math.min(255, recoloured.data[i]! + 60);
    const cases: [string, RgbImage, AreaMask][] = [
      ['furnished', addFurniture(copyImage(room)), await maskOver(room)],
      ['squeezed into a square', await resizeRgbExact(addFurniture(copyImage(room)), 700, 700), await maskOver(room)],
      ['recoloured, mask at half size', recoloured, await maskOver(room, 0.5)],
      // An answer showing only the frame's left part: the blend stops where it stops covering the frame.
      ['cropped', await resizeRgbExact(cropLeft(addFurniture(copyImage(room)), 0.6), 640, 400), await maskOver(room)],
    ];
    for (const [name, edited, mask] of cases) {
      const prepared = await prepareArea(room, mask);
      const fit = await fitAtWorkSize(room, edited, {
        zone: EYE_LEVEL,
        analysis: prepared.analysis,
        checkWholeFrame: false,
        focus: prepared.region,
      });
      const inJavaScript = copyImage(room);
      const inC = copyImage(room);
      await blendIntoArea(inJavaScript, edited, fit, prepared, { native: false });
      await blendIntoArea(inC, edited, fit, prepared);
      expect(inC.data.equals(room.data), name).toBe(false);
      expect(inC.data.equals(inJavaScript.data), name).toBe(true);
    }
  });
});

/** The left `fraction` of an image's columns. */
function cropLeft(image: RgbImage, fraction: number): RgbImage {
  const width = Math.round(image.width * fraction);
  const data = Buffer.alloc(width * image.height * 3);
  for (let y = 0; y < image.height; y++) {
    image.data.copy(data, y * width * 3, y * image.width * 3, (y * image.width + width) * 3);
  }
  return { data, width, height: image.height };
}
