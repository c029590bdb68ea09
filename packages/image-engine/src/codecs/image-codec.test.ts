/**
 * The codecs (codecs/image-codec.ts) as the pipeline uses it: sizes read from headers, the pixel cap,
 * decoding of every accepted type, orientation and metadata stripping. Kept beside the engine's tests because
 * both run on the same synthetic and committed photos.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PHOTOS_DIR } from '../test-support/fixtures';
import {
  decodeToRgb,
  DISPLAY_SIDE,
  displayPixelsOf,
  encodeRgbToJpeg,
  ImageTooLargeError,
  makeDisplayCopyAndThumbnail,
  makeThumbnail,
  MAX_INPUT_PIXELS,
  normalizeToJpeg,
  readImageInfo,
  updateDisplayPixels,
} from './image-codec';
import { bmpSuite } from '../test-support/bmp-suite';
import { drawImage, encodeBmp, jpegMetadataSegments, withExifOrientation } from '../test-support/synthetic-photos';

const FIXTURES = FIXTURE_PHOTOS_DIR;
const fixture = (name: string) => path.join(FIXTURES, name);
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-codec-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** A valid, tiny PNG whose header declares 50000×50000 pixels: 2.5 gigapixels from a few hundred bytes. */
function pixelBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + 50_000 * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the pixel cap', () => {
  it('is about 100 megapixels', () => {
    expect(MAX_INPUT_PIXELS).toBe(100_000_000);
  });

  it('refuses a PNG declaring 50000×50000 from its header: fast, with flat memory', async () => {
    const bomb = path.join(workDir, 'bomb.png');
    await writeFile(bomb, pixelBombPng());
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();

    await expect(readImageInfo(bomb, 'png')).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(decodeToRgb(bomb, 'png')).rejects.toThrow(/pixel limit/);
    await expect(normalizeToJpeg(bomb, 'png', path.join(workDir, 'bomb.jpg'))).rejects.toThrow(/pixel limit/);

    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses a BMP declaring too many pixels before bmp-js allocates them', async () => {
    const header = encodeBmp(drawImage(2, 2, () => [0, 0, 0]));
    header.writeInt32LE(20_000, 18);
    header.writeInt32LE(20_000, 22);
    const bomb = path.join(workDir, 'bomb.bmp');
    await writeFile(bomb, header);
    await expect(readImageInfo(bomb, 'bmp')).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(decodeToRgb(bomb, 'bmp')).rejects.toBeInstanceOf(ImageTooLargeError);
  });
});

describe('readImageInfo', () => {
  it('reads the displayed size and the EXIF orientation of a sideways-stored portrait', async () => {
    expect(await readImageInfo(fixture('portrait-exif-orientation-6.jpg'), 'jpeg')).toEqual({
      width: 1067,
      height: 1600,
      orientation: 6,
    });
  });

  it('reads HEIC and BMP sizes without decoding pixels', async () => {
    expect(await readImageInfo(fixture('furnished-interior.heic'), 'heic')).toEqual({
      width: 1600,
      height: 1067,
      orientation: 1,
    });
    const bmp = path.join(workDir, 'size.bmp');
    await writeFile(bmp, encodeBmp(drawImage(37, 21, () => [1, 2, 3])));
    expect(await readImageInfo(bmp, 'bmp')).toEqual({ width: 37, height: 21, orientation: 1 });
  });

  it('rejects a file that is not what its type says', async () => {
    const fake = path.join(workDir, 'fake.jpg');
    await writeFile(fake, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    await expect(readImageInfo(fake, 'jpeg')).rejects.toThrow();
    await expect(readImageInfo(fake, 'heic')).rejects.toThrow();
    await expect(readImageInfo(fake, 'bmp')).rejects.toThrow();
  });
});

describe('decoding and normalising', () => {
  it('decodes a BMP pixel for pixel', async () => {
    const image = drawImage(5, 3, (x, y) => [x * 50, y * 100, 200 - x * 20], 0);
    const bmp = path.join(workDir, 'exact.bmp');
    await writeFile(bmp, encodeBmp(image));
    const decoded = await decodeToRgb(bmp, 'bmp');
    expect(decoded).toMatchObject({ width: 5, height: 3 });
    expect(decoded.data.equals(image.data)).toBe(true);
  });

  it.each(bmpSuite().map((file) => [file.name, file] as const))(
    'decodes the BMP Suite file %s to its exact colours',
    async (name, { bytes, expected, tolerance }) => {
      const bmp = path.join(workDir, name);
      await writeFile(bmp, bytes);
      expect(await readImageInfo(bmp, 'bmp')).toEqual({
        width: expected.width,
        height: expected.height,
        orientation: 1,
      });
      const decoded = await decodeToRgb(bmp, 'bmp');
      expect(decoded).toMatchObject({ width: expected.width, height: expected.height });
      let worst = 0;
      for (let i = 0; i < expected.data.length; i++)
        worst = Math.max(worst, Math.abs(decoded.data[i]! - expected.data[i]!));
      expect(worst).toBeLessThanOrEqual(tolerance);
    },
  );

  it('decodes a HEIC made by a phone-like encoder (x265)', async () => {
    const heic = await decodeToRgb(fixture('furnished-interior.heic'), 'heic');
    const jpeg = await decodeToRgb(fixture('furnished-interior.jpg'), 'jpeg');
    expect(heic).toMatchObject({ width: 1600, height: 1067 });
    expect(heic.data.length).toBe(1600 * 1067 * 3);
    // The same render, through two lossy codecs: close on average.
    let difference = 0;
    for (let i = 0; i < heic.data.length; i += 97) difference += Math.abs(heic.data[i]! - jpeg.data[i]!);
    expect(difference / (heic.data.length / 97)).toBeLessThan(6);
  }, 60_000);

  it('applies EXIF orientation and keeps no metadata', async () => {
    const output = path.join(workDir, 'normalised.jpg');
    const size = await normalizeToJpeg(fixture('portrait-exif-orientation-6.jpg'), 'jpeg', output);
    expect(size).toEqual({ width: 1067, height: 1600 });
    const bytes = await readFile(output);
    expect(jpegMetadataSegments(bytes).filter((segment) => !segment.startsWith('APP0:JFIF'))).toEqual([]);
    for (const personal of ['GPS', 'Apple', 'iPhone', '2024:05:18'])
      expect(bytes.includes(personal), personal).toBe(false);
    expect(await readImageInfo(output, 'jpeg')).toEqual({ width: 1067, height: 1600, orientation: 1 });
  });

  // Where the stored image's top-left corner is displayed, for each EXIF orientation.
  const cornerShown: Record<number, 'top-left' | 'top-right' | 'bottom-right' | 'bottom-left'> = {
    2: 'top-right',
    3: 'bottom-right',
    4: 'bottom-left',
    5: 'top-left',
    6: 'top-right',
    7: 'bottom-right',
    8: 'bottom-left',
  };

  it.each([2, 3, 4, 5, 6, 7, 8])('turns orientation %i upright', async (orientation) => {
    // A 30×20 image whose top-left corner is red: it must end up where EXIF says that corner is shown.
    const image = drawImage(30, 20, (x, y) => (x < 10 && y < 10 ? [255, 0, 0] : [0, 0, 255]), 0);
    const stored = path.join(workDir, `orientation-${orientation}.jpg`);
    await encodeRgbToJpeg(image, stored);
    await writeFile(stored, withExifOrientation(await readFile(stored), orientation));
    const upright = await decodeToRgb(stored, 'jpeg');
    const swapsSides = orientation >= 5;
    expect([upright.width, upright.height]).toEqual(swapsSides ? [20, 30] : [30, 20]);
    const corner = cornerShown[orientation]!;
    const x = corner.endsWith('left') ? 3 : upright.width - 4;
    const y = corner.startsWith('top') ? 3 : upright.height - 4;
    const [r, , b] = upright.data.subarray((y * upright.width + x) * 3, (y * upright.width + x) * 3 + 3);
    expect(r! > 200 && b! < 60, `red corner ${corner}`).toBe(true);
  });

  it('makes a 400 px wide thumbnail', async () => {
    const output = path.join(workDir, 'thumbnail.jpg');
    await makeThumbnail(fixture('exterior.jpg'), output);
    expect(await readImageInfo(output, 'jpeg')).toEqual({ width: 400, height: 267, orientation: 1 });
  });

  it('makes a display copy at most DISPLAY_SIDE long, never enlarged, of the same shape, and a thumbnail', async () => {
    const output = path.join(workDir, 'display.jpg');
    const thumbnail = path.join(workDir, 'display-thumbnail.jpg');
    const tall = { data: Buffer.alloc(3001 * 4500 * 3, 128), width: 3001, height: 4500 };
    await makeDisplayCopyAndThumbnail(tall, output, thumbnail);
    expect(await readImageInfo(output, 'jpeg')).toEqual({ width: 1707, height: DISPLAY_SIDE, orientation: 1 });
    expect(await readImageInfo(thumbnail, 'jpeg')).toMatchObject({ width: 400, height: 600 });
    const small = await decodeToRgb(fixture('exterior.jpg'), 'jpeg');
    await makeDisplayCopyAndThumbnail(small, output, thumbnail);
    expect(await readImageInfo(output, 'jpeg')).toMatchObject({ width: small.width, height: small.height });
    expect(await readImageInfo(thumbnail, 'jpeg')).toMatchObject({ width: 400, height: 267 });
  });

  it('brings display pixels made before a change up to date in its rectangle, exactly as made afresh', async () => {
    const width = 3001;
    const height = 2003;
    const data = Buffer.alloc(width * height * 3);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7919 + (i >> 9)) & 255;
    const image = { data, width, height };
    const before = await displayPixelsOf(image);
    const changed = { left: 1200, top: 700, width: 611, height: 333 };
    for (let y = changed.top; y < changed.top + changed.height; y++) {
      data.fill(255 - (y & 127), (y * width + changed.left) * 3, (y * width + changed.left + changed.width) * 3);
    }
    const updated = await updateDisplayPixels(before, image, changed);
    const afresh = await displayPixelsOf(image);
    expect(updated).toMatchObject({ width: afresh.width, height: afresh.height });
    expect(Buffer.compare(updated.data, afresh.data)).toBe(0);
  });

  it('makes thumbnails of HEIC and of sideways photos the right way up', async () => {
    const fromHeic = path.join(workDir, 'thumbnail-heic.jpg');
    await makeThumbnail(fixture('furnished-interior.heic'), fromHeic, 'heic');
    expect(await readImageInfo(fromHeic, 'jpeg')).toMatchObject({ width: 400, height: 267 });
    const fromPortrait = path.join(workDir, 'thumbnail-portrait.jpg');
    await makeThumbnail(fixture('portrait-exif-orientation-6.jpg'), fromPortrait);
    expect(await readImageInfo(fromPortrait, 'jpeg')).toMatchObject({ width: 400, height: 600 });
  }, 60_000);
});
