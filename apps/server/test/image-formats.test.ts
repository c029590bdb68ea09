import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECTED_FILES_MESSAGE, type Photo } from '@hearth/contracts';
import type { RgbImage } from '@hearth/image-engine';
import {
  bmpSuite,
  FIXTURE_TIFFS_DIR,
  greyscaleJpeg,
  resizedJpeg,
  scaledRgbBytes,
  storedRgb,
} from '@hearth/image-engine/test-support';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import type { ApiClient } from './helpers/client';
import { fixture } from './helpers/fixtures';
import { newProject, settledPhotos, startTrial, uploadPhotos, type UploadFile } from './helpers/projects';

const TIFF_DIR = FIXTURE_TIFFS_DIR;
/** Every committed TIFF (see packages/image-engine/fixtures/tiff/README.md): 28 files from libvips, libtiff, ImageMagick and Pillow. */
const tiffs: UploadFile[] = readdirSync(TIFF_DIR)
  .filter((name) => name.endsWith('.tif'))
  .sort()
  .map((name) => ({ name, data: readFileSync(path.join(TIFF_DIR, name)) }));

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ QUEUE_POLL_SECONDS: '0.5' });
});
afterAll(() => testApp.close());

/** Uploads any number of photos, ten to a trial account (the trial's allowance), and waits for all of them. */
async function uploadAll(files: UploadFile[]): Promise<{ photos: Photo[]; client: (photo: Photo) => ApiClient }> {
  const owners = new Map<string, ApiClient>();
  const batches = Array.from({ length: Math.ceil(files.length / 10) }, (_, i) => files.slice(i * 10, i * 10 + 10));
  const results = await Promise.all(
    batches.map(async (batch) => {
      const { client } = await signedInAgent(testApp);
      await startTrial(client);
      const project = await newProject(client);
      const upload = await uploadPhotos(client, project.id, batch);
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);
      const photos = await settledPhotos(client, project.id, 180_000);
      for (const photo of photos) owners.set(photo.id, client);
      return photos;
    }),
  );
  return { photos: results.flat(), client: (photo) => owners.get(photo.id)! };
}

/**
 * Mean absolute difference per channel (0–255) between two pictures, both decoded in full and then scaled to
 * 16×12, where JPEG loss averages out. (Scaling a JPEG directly would use its shrink-on-load, another picture.)
 */
async function meanDifference(a: Buffer | RgbImage, b: Buffer | RgbImage): Promise<number> {
  const small = async (image: Buffer | RgbImage) => {
    return scaledRgbBytes(Buffer.isBuffer(image) ? await rgbOf(image) : image, { width: 16, height: 12 });
  };
  const [x, y] = await Promise.all([small(a), small(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

const rgbOf = (file: Buffer): Promise<RgbImage> => storedRgb(file);

const greyscale = greyscaleJpeg;

describe('TIFF uploads', () => {
  it('accepts a TIFF from every common writer, wherever its image directory sits, and shows its picture', async () => {
    expect(tiffs).toHaveLength(28);
    // The picture every one of them holds: the exterior photo at 128×96, as make-test-tiffs wrote it.
    const source = await resizedJpeg(fixture('exterior.jpg').data, 128, 96, 95);
    const { photos, client } = await uploadAll(tiffs);
    expect(photos).toHaveLength(28);
    for (const photo of photos) {
      expect(photo, photo.fileName).toMatchObject({ status: 'completed', error: null, width: 128 });
      const original = await client(photo).bytes(photo.originalUrl);
      expect(original.status, photo.fileName).toBe(200);
      // 32-bit float samples have no agreed transfer curve: libvips reads them as linear light (scRGB) where
      // ImageMagick wrote sRGB values, so that picture comes out lighter; it is checked for its size only.
      if (photo.fileName.includes('float')) continue;
      // Grey and black-and-white pages are compared in grey, a dithered fax page loosely. CMYK without a
      // profile goes back to RGB by an approximation (Pillow's CMYK is a naive 255 − RGB): up to ~16 apart.
      const colour = !/grey|fax/.test(photo.fileName);
      const difference = colour
        ? await meanDifference(original.data, source)
        : await meanDifference(await greyscale(original.data), await greyscale(source));
      expect(difference, `${photo.fileName} looks like the source picture`).toBeLessThan(
        photo.fileName.includes('fax') ? 40 : 20,
      );
    }
  }, 240_000);

  it('still refuses what is not a TIFF image behind a TIFF signature', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    const html = Buffer.concat([Buffer.from('II*\0\x08\0\0\0', 'latin1'), Buffer.from('<html><script>1</script>')]);
    const pastTheEnd = Buffer.from(tiffs.find((t) => t.name === 'sharp-lzw.tif')!.data);
    pastTheEnd.writeUInt32LE(pastTheEnd.length + 4096, 4); // the first directory is beyond the file
    for (const data of [html, pastTheEnd, Buffer.from('MM\0*')]) {
      const upload = await uploadPhotos(client, project.id, [{ name: 'scan.tif', data }]);
      expect(upload.status).toBe(415);
      expect(upload.body).toMatchObject({ message: REJECTED_FILES_MESSAGE, file: 'scan.tif' });
    }
    expect((await client.get<Photo[]>(`/api/projects/${project.id}/photos`)).body).toEqual([]);
  });
});

describe('BMP uploads', () => {
  it('decodes every file of the BMP Suite "good" set, and OS/2 headers, to the right colours', async () => {
    const suite = bmpSuite();
    const { photos, client } = await uploadAll(suite.map(({ name, bytes }) => ({ name, data: bytes })));
    expect(photos).toHaveLength(suite.length);
    for (const file of suite) {
      const photo = photos.find((p) => p.fileName === file.name)!;
      expect(photo, file.name).toMatchObject({
        status: 'completed',
        error: null,
        width: file.expected.width,
        height: file.expected.height,
      });
      const original = await client(photo).bytes(photo.originalUrl);
      expect(original.status, file.name).toBe(200);
      // The preview is a JPEG of the decoded pixels: close to them (sharp one-pixel patterns lose a little to
      // chroma subsampling), whereas a scrambled palette or a misread bit field is tens of levels off.
      expect(await meanDifference(original.data, file.expected), file.name).toBeLessThan(6);
    }
  }, 240_000);
});
