import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PHOTOS_DIR } from '../test-support/fixtures';
import { decodeToRgb, encodeRgbToJpeg, makeThumbnail, type RgbImage } from '../codecs/image-codec';
import type { ImageType } from '../codecs/image-type';
import { LOCAL_TEMPLATE_OPERATIONS, type LocalOperation, NO_LAWN, NO_SKY, runLocalEngine } from './local-engine';
import {
  blueCastUnderexposedRoom,
  type Box,
  encodeBmp,
  EXTERIOR,
  hueAndSaturation,
  interiorRoom,
  jpegMetadataSegments,
  meanAbsoluteDifference,
  meanColour,
  overcastExterior,
  withExifOrientation,
} from '../test-support/synthetic-photos';

const FIXTURES = FIXTURE_PHOTOS_DIR;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-engine-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function saveJpeg(image: RgbImage, name: string): Promise<string> {
  const file = path.join(workDir, name);
  await encodeRgbToJpeg(image, file);
  return file;
}

/** Runs the engine and returns its result with the input and output pixels. */
async function enhance(inputPath: string, operations: LocalOperation[], inputType: ImageType = 'jpeg') {
  const outputPath = path.join(workDir, `out-${path.basename(inputPath)}-${operations.join('+') || 'none'}.jpg`);
  const result = await runLocalEngine({ inputPath, inputType, outputPath, operations });
  return {
    result,
    before: await decodeToRgb(inputPath, inputType),
    after: await decodeToRgb(outputPath, 'jpeg'),
    outputPath,
  };
}

const everything: Box = { left: 0, top: 0, right: 1, bottom: 1 };
const luma = ([r, g, b]: number[]) => 0.299 * r! + 0.587 * g! + 0.114 * b!;

describe('Blue Sky', () => {
  it('turns the grey sky blue and leaves everything below the horizon alone', async () => {
    const input = await saveJpeg(overcastExterior(960, 640), 'exterior.jpg');
    const { result, before, after } = await enhance(input, ['blue-sky']);

    expect(result).toMatchObject({ engine: 'local', operations: ['blue-sky'], notes: [], width: 960, height: 640 });
    const skyBefore = meanColour(before, EXTERIOR.sky);
    const skyAfter = meanColour(after, EXTERIOR.sky);
    expect(skyAfter[2] - skyAfter[0]).toBeGreaterThan(skyBefore[2] - skyBefore[0] + 40); // much bluer
    const belowHorizon: Box = { left: 0, top: 0.62, right: 1, bottom: 1 };
    expect(meanAbsoluteDifference(before, after, belowHorizon)).toBeLessThan(1.5);
    expect(meanAbsoluteDifference(before, after, EXTERIOR.house)).toBeLessThan(3);
  });

  it('leaves a photo without sky unchanged and says so', async () => {
    const input = await saveJpeg(interiorRoom(960, 640), 'room.jpg');
    const { result, before, after } = await enhance(input, ['blue-sky']);

    expect(result.operations).toEqual([]);
    expect(result.notes).toEqual([NO_SKY]);
    expect(NO_SKY).toBe('No sky was found in this photo, so it was left unchanged.');
    expect(meanAbsoluteDifference(before, after)).toBeLessThan(1.5); // JPEG re-encoding only
  });
});

describe('Perfect Lawn', () => {
  it('turns a tired lawn greener and leaves the car and the road as they were', async () => {
    const input = await saveJpeg(overcastExterior(960, 640), 'lawn.jpg');
    const { result, before, after } = await enhance(input, ['perfect-lawn']);

    expect(result.operations).toEqual(['perfect-lawn']);
    const lawnBefore = hueAndSaturation(meanColour(before, EXTERIOR.lawn));
    const lawnAfter = hueAndSaturation(meanColour(after, EXTERIOR.lawn));
    expect(lawnBefore.hue).toBeLessThan(60); // straw
    expect(lawnAfter.hue).toBeGreaterThan(lawnBefore.hue + 25); // toward green
    expect(lawnAfter.hue).toBeLessThan(130);
    expect(lawnAfter.saturation).toBeGreaterThanOrEqual(lawnBefore.saturation);
    for (const box of [EXTERIOR.car, EXTERIOR.road, EXTERIOR.sky]) {
      const shift = meanColour(after, box).map((value, c) => Math.abs(value - meanColour(before, box)[c]!));
      expect(Math.max(...shift)).toBeLessThan(4);
    }
  });

  it('leaves a photo without lawn unchanged and says so', async () => {
    const input = await saveJpeg(interiorRoom(960, 640), 'no-lawn.jpg');
    const { result, before, after } = await enhance(input, ['perfect-lawn']);

    expect(result.operations).toEqual([]);
    expect(result.notes).toEqual([NO_LAWN]);
    expect(meanAbsoluteDifference(before, after)).toBeLessThan(1.5);
  });
});

describe('Professional Enhancement', () => {
  it('brings a blue-cast, under-exposed room toward neutral and brighter', async () => {
    const input = await saveJpeg(blueCastUnderexposedRoom(1200, 800), 'dim-blue.jpg');
    const { result, before, after } = await enhance(input, ['professional-enhancement']);

    expect(result.operations).toEqual(['professional-enhancement']);
    const [r0, g0, b0] = meanColour(before, everything);
    const [r1, g1, b1] = meanColour(after, everything);
    expect(b0 - r0).toBeGreaterThan(15); // the cast going in
    expect(Math.abs(b1 - r1)).toBeLessThan((b0 - r0) / 2); // at least halved
    expect(Math.abs(g1 - (r1 + b1) / 2)).toBeLessThan(12);
    expect(luma([r1, g1, b1])).toBeGreaterThan(luma([r0, g0, b0]) + 25);
  });

  it('keeps a well-lit room natural: a little brighter, wood still warm, walls light but not blown out', async () => {
    const input = await saveJpeg(interiorRoom(1200, 800), 'fine-room.jpg');
    const { before, after } = await enhance(input, ['professional-enhancement']);
    const wall: Box = { left: 0.4, top: 0.3, right: 1, bottom: 0.65 };
    const floor: Box = { left: 0, top: 0.75, right: 1, bottom: 1 };

    expect(luma(meanColour(after, everything))).toBeGreaterThan(luma(meanColour(before, everything)));
    expect(Math.max(...meanColour(after, wall))).toBeLessThan(245);
    const [r, g, b] = meanColour(after, floor);
    expect(r).toBeGreaterThan(g + 30);
    expect(g).toBeGreaterThan(b + 20);
    expect(meanAbsoluteDifference(before, after)).toBeLessThan(30);
  });
});

describe('on the committed test photos', () => {
  it('finds the sky and the lawn of the exterior, and leaves the house alone', async () => {
    const { result, before, after } = await enhance(path.join(FIXTURES, 'exterior.jpg'), ['blue-sky', 'perfect-lawn']);
    expect(result).toMatchObject({ operations: ['perfect-lawn', 'blue-sky'], notes: [] });
    const sky = meanColour(after, { left: 0.3, top: 0.02, right: 0.7, bottom: 0.12 });
    expect(sky[2] - sky[0]).toBeGreaterThan(60);
    const lawn = hueAndSaturation(meanColour(after, { left: 0.05, top: 0.8, right: 0.3, bottom: 0.95 }));
    expect(lawn.hue).toBeGreaterThan(80);
    const houseFront: Box = { left: 0.3, top: 0.45, right: 0.6, bottom: 0.62 };
    expect(meanAbsoluteDifference(before, after, houseFront)).toBeLessThan(2);
  });

  it('applies the three enhancements in one pass about as applying them one after another would', async () => {
    const input = path.join(FIXTURES, 'exterior.jpg');
    const combined = await enhance(input, ['professional-enhancement', 'perfect-lawn', 'blue-sky']);
    expect(combined.result.operations).toEqual(['professional-enhancement', 'perfect-lawn', 'blue-sky']);
    // In sequence: each operation decodes the previous one's JPEG and encodes its own.
    let step = input;
    for (const operation of ['professional-enhancement', 'perfect-lawn', 'blue-sky'] as const) {
      step = (await enhance(step, [operation])).outputPath;
    }
    const sequential = await decodeToRgb(step, 'jpeg');
    const difference = meanAbsoluteDifference(combined.after, sequential);
    // The operations change the photo by about 29 levels on average; the two ways differ by about 0.5 (JPEG).
    expect(meanAbsoluteDifference(combined.before, sequential)).toBeGreaterThan(20);
    expect(difference).toBeLessThan(1.5);
    // Sky, lawn and house front, each within a small tolerance too.
    for (const box of [
      { left: 0.3, top: 0.02, right: 0.7, bottom: 0.12 },
      { left: 0.05, top: 0.8, right: 0.3, bottom: 0.95 },
      { left: 0.3, top: 0.45, right: 0.6, bottom: 0.62 },
    ]) {
      expect(meanAbsoluteDifference(combined.after, sequential, box)).toBeLessThan(2);
    }
  });

  it.each([
    ['furnished-interior.jpg', ['professional-enhancement']],
    ['exterior.jpg', ['professional-enhancement', 'perfect-lawn', 'blue-sky']],
  ] as const)(
    'writes a thumbnail of the result of %s from its small copy, as one of the result would be',
    async (name, operations) => {
      const input = path.join(FIXTURES, name);
      const outputPath = path.join(workDir, `result-${name}`);
      const thumbnailPath = path.join(workDir, `thumbnail-${name}`);
      await runLocalEngine({ inputPath: input, inputType: 'jpeg', outputPath, thumbnailPath, operations });
      const thumbnailOf = async (file: string, thumbnailName: string) => {
        await makeThumbnail(file, path.join(workDir, thumbnailName));
        return decodeToRgb(path.join(workDir, thumbnailName), 'jpeg');
      };
      const fromResult = await thumbnailOf(outputPath, `thumbnail-of-result-${name}`);
      const untouched = await thumbnailOf(input, `thumbnail-of-input-${name}`);
      const thumbnail = await decodeToRgb(thumbnailPath, 'jpeg');

      expect([thumbnail.width, thumbnail.height]).toEqual([fromResult.width, fromResult.height]);
      // The edits move the thumbnail by 10 (interior) and 29 levels (exterior) on average; the two ways of
      // making it differ by 1.3 and 1.6 (sharpening at 640 px instead of full size, two JPEG steps fewer).
      expect(meanAbsoluteDifference(untouched, fromResult)).toBeGreaterThan(8);
      expect(meanAbsoluteDifference(thumbnail, fromResult)).toBeLessThan(2);
    },
  );

  it.each(['empty-interior.jpg', 'furnished-interior.jpg'])('finds no sky and no lawn in %s', async (name) => {
    const { result } = await enhance(path.join(FIXTURES, name), ['blue-sky', 'perfect-lawn']);
    expect(result).toMatchObject({ operations: [], notes: [NO_LAWN, NO_SKY] });
  });
});

describe('the engine', () => {
  it('comes out at the oriented size: a 4000×3000 JPEG with orientation 6 gives 3000×4000', async () => {
    const sideways = withExifOrientation(await readFile(await saveJpeg(overcastExterior(4000, 3000), 'big.jpg')), 6);
    const input = path.join(workDir, 'big-orientation-6.jpg');
    await writeFile(input, sideways);
    const { result, after } = await enhance(input, ['professional-enhancement']);

    expect([result.width, result.height]).toEqual([3000, 4000]);
    expect([after.width, after.height]).toEqual([3000, 4000]);
  }, 60_000);

  it('drops GPS, camera and date metadata: the output carries no EXIF or XMP at all', async () => {
    const input = path.join(FIXTURES, 'portrait-exif-orientation-6.jpg');
    const original = await readFile(input);
    expect(jpegMetadataSegments(original).some((segment) => segment.startsWith('APP1:Exif'))).toBe(true);
    expect(original.includes('iPhone 13')).toBe(true);

    const { result, outputPath } = await enhance(input, ['professional-enhancement']);
    const output = await readFile(outputPath);
    expect([result.width, result.height]).toEqual([1067, 1600]);
    expect(jpegMetadataSegments(output).filter((segment) => segment.startsWith('APP1'))).toEqual([]);
    for (const personal of ['Exif', 'GPS', 'Apple', 'iPhone', '2024:05:18']) {
      expect(output.includes(personal), personal).toBe(false);
    }
  });

  it('decodes HEIC', async () => {
    const { result, after } = await enhance(
      path.join(FIXTURES, 'furnished-interior.heic'),
      ['professional-enhancement'],
      'heic',
    );
    expect(result).toMatchObject({ width: 1600, height: 1067, operations: ['professional-enhancement'] });
    expect(luma(meanColour(after, everything))).toBeGreaterThan(40);
  }, 60_000);

  it('decodes BMP', async () => {
    const input = path.join(workDir, 'room.bmp');
    await writeFile(input, encodeBmp(interiorRoom(320, 200)));
    const { result, before, after } = await enhance(input, ['blue-sky'], 'bmp');
    expect(result).toMatchObject({ width: 320, height: 200, notes: [NO_SKY] });
    expect(meanAbsoluteDifference(before, after)).toBeLessThan(2);
  });

  it('applies the operations in a fixed order whatever order they are asked in', async () => {
    const input = await saveJpeg(overcastExterior(640, 426), 'all.jpg');
    const { result } = await enhance(input, ['blue-sky', 'perfect-lawn', 'professional-enhancement']);
    expect(result.operations).toEqual(['professional-enhancement', 'perfect-lawn', 'blue-sky']);
  });

  it('maps each local template to its operations', () => {
    expect(LOCAL_TEMPLATE_OPERATIONS).toEqual({
      'Professional Enhancement': ['professional-enhancement'],
      'Blue Sky': ['blue-sky'],
      'Perfect Lawn': ['perfect-lawn'],
    });
  });
});
