import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePreview, decodeToRgb, encodeRgbToJpeg, readImageInfo, type RgbImage } from '../codecs/image-codec';
import { sharp } from '../codecs/sharp';
import { fixturePhotoPath } from '../test-support/fixtures';
import { blueCastUnderexposedRoom, interiorRoom, withExifOrientation } from '../test-support/synthetic-photos';
import { enhanceJpegNatively, nativePassStatus } from './native-pass';
import { applyPlans } from './parallel-pass';
import { describePreview, halveImage, PREVIEW_SIZE } from './preview';
import { nativePassPlan, planProfessionalEnhancement } from './professional-enhancement';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-native-pass-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** The photo's plan, made as the engine makes it, and its oriented size. */
async function planFor(file: string) {
  const preview = await decodePreview(file, 'jpeg', PREVIEW_SIZE);
  const plan = planProfessionalEnhancement(describePreview(halveImage(preview)));
  const { width, height } = await readImageInfo(file, 'jpeg');
  return { plan, width, height };
}

/** Both passes over one file: the native one's JPEG, and the WebAssembly one's (decode, row pass, sharp's encode). */
async function bothPasses(file: string) {
  const { plan, width, height } = await planFor(file);
  const output = path.join(workDir, path.basename(file));
  const nativeOut = `${output}.native.jpg`;
  const took = await enhanceJpegNatively(file, nativeOut, nativePassPlan(plan, width, height));
  const wasmOut = `${output}.wasm.jpg`;
  await encodeRgbToJpeg(await applyPlans(await decodeToRgb(file, 'jpeg'), { enhancement: plan }), wasmOut);
  return { took, native: took ? await readFile(nativeOut) : undefined, wasm: await readFile(wasmOut) };
}

async function saveJpeg(name: string, image: RgbImage | Buffer) {
  const file = path.join(workDir, name);
  if (Buffer.isBuffer(image)) await writeFile(file, image);
  else await encodeRgbToJpeg(image, file);
  return file;
}

const jpegOf = (image: RgbImage) => sharp(image.data, { raw: { ...image, channels: 3 } }).jpeg({ quality: 92 });

describe('the native enhancement pass', () => {
  it('is built on this machine (npm ci builds it; a machine without a C compiler falls back)', () => {
    expect(nativePassStatus()).toEqual({ available: true });
  });

  it.each(['furnished-interior.jpg', 'empty-interior.jpg', 'exterior.jpg', 'portrait-exif-orientation-6.jpg'])(
    'writes the same bytes as the WebAssembly pass: %s',
    async (name) => {
      const { took, native, wasm } = await bothPasses(fixturePhotoPath(name as 'exterior.jpg'));
      expect(took).toBe(true);
      expect(native!.equals(wasm)).toBe(true);
    },
  );

  // Odd widths and heights put pixels at every position of the eight- and sixteen-pixel loops and their edges.
  it.each([
    [1, 1],
    [2, 3],
    [9, 5],
    [13, 2],
    [17, 11],
    [18, 3],
    [50, 4],
    [33, 7],
    [641, 37],
  ])('writes the same bytes at %i × %i', async (width, height) => {
    const file = await saveJpeg(`room-${width}x${height}.jpg`, blueCastUnderexposedRoom(width, height));
    const { took, native, wasm } = await bothPasses(file);
    expect(took).toBe(true);
    expect(native!.equals(wasm)).toBe(true);
  });

  it.each([2, 3, 4, 5, 6, 7, 8])('turns the photo as sharp does for EXIF orientation %i', async (orientation) => {
    const jpeg = withExifOrientation(await jpegOf(interiorRoom(97, 61)).toBuffer(), orientation);
    const { took, native, wasm } = await bothPasses(await saveJpeg(`oriented-${orientation}.jpg`, jpeg));
    expect(took).toBe(true);
    expect(native!.equals(wasm)).toBe(true);
  });

  it('converts an embedded colour profile to sRGB as sharp does', async () => {
    const jpeg = await jpegOf(interiorRoom(320, 200)).withIccProfile('p3').toBuffer();
    expect((await sharp(jpeg).metadata()).icc).toBeDefined();
    const { took, native, wasm } = await bothPasses(await saveJpeg('display-p3.jpg', jpeg));
    expect(took).toBe(true);
    expect(native!.equals(wasm)).toBe(true);
  });

  it('leaves a greyscale JPEG to the WebAssembly pass, writing nothing', async () => {
    // One band, as scanners and some cameras write them.
    const file = await saveJpeg('grey.jpg', await jpegOf(interiorRoom(64, 48)).toColourspace('b-w').toBuffer());
    expect((await sharp(file).metadata()).channels).toBe(1);
    const { plan } = await planFor(file);
    const output = path.join(workDir, 'grey-out.jpg');
    expect(await enhanceJpegNatively(file, output, nativePassPlan(plan, 64, 48))).toBe(false);
    expect(existsSync(output)).toBe(false);
  });

  it('refuses a plan made for another size, writing nothing', async () => {
    const file = fixturePhotoPath('exterior.jpg');
    const { plan, width, height } = await planFor(file);
    const output = path.join(workDir, 'wrong-size.jpg');
    expect(await enhanceJpegNatively(file, output, nativePassPlan(plan, width - 1, height))).toBe(false);
    expect(existsSync(output)).toBe(false);
  });

  it('rejects a truncated photo and leaves no half-written result', async () => {
    const whole = await readFile(fixturePhotoPath('exterior.jpg'));
    const file = await saveJpeg('truncated.jpg', whole.subarray(0, Math.floor(whole.length * 0.6)));
    const { plan, width, height } = await planFor(fixturePhotoPath('exterior.jpg'));
    const output = path.join(workDir, 'truncated-out.jpg');
    await expect(enhanceJpegNatively(file, output, nativePassPlan(plan, width, height))).rejects.toThrow();
    expect(existsSync(output)).toBe(false);
  });
});
