/**
 * The preview copied from the original's own JPEG data (codecs/jpeg-segments.ts, codecs/metadata-free-copy.ts,
 * docs/decisions/093): real JPEGs written by sharp, with every kind of metadata a camera or an editor adds
 * planted in them, must come out with none of it and with exactly the pixels the decoder reads from the
 * original; anything that would show differently, or that the reader does not fully understand, is refused.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharp } from './sharp';
import { decodeToRgb } from './image-codec';
import { JpegCopyRefusedError, stripJpegMetadata } from './jpeg-segments';
import { copyJpegWithoutMetadata } from './metadata-free-copy';
import { interiorRoom, jpegMetadataSegments, withExifOrientation } from '../test-support/synthetic-photos';

let workDir: string;
let room: Buffer;

/** Strings planted in the metadata; none may survive. */
const PLANTED = {
  make: 'PlantedMake',
  serial: 'SERIAL-4711-PLANTED',
  gpsDatum: 'PLANTED-DATUM',
  xmp: 'planted-xmp-description',
  comment: 'planted comment',
  iptc: 'planted-iptc-caption',
  thumbnail: 'planted-thumbnail',
  jfifThumbnail: 'planted-jfif-thumb',
  trailing: 'planted-trailing-image',
};

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-copy-'));
  const { data, width, height } = interiorRoom(320, 240);
  room = await sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** A marker segment: 0xff, marker, length, payload. */
function segment(marker: number, payload: Buffer) {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** The segments inserted right after SOI, the way cameras put metadata before the image data. */
const withSegments = (jpeg: Buffer, ...segments: Buffer[]) =>
  Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** APP0 JFIF 1.01, with an uncompressed RGB thumbnail of `thumbnail.length / 3` × 1 pixels when given. */
function jfif(thumbnail = Buffer.alloc(0)) {
  const header = Buffer.from([
    ...latin1('JFIF\0'),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    thumbnail.length / 3,
    thumbnail.length ? 1 : 0,
  ]);
  return segment(0xe0, Buffer.concat([header, thumbnail]));
}

/** A phone's photo: EXIF with camera, serial and GPS, XMP, an sRGB ICC profile, and more. */
async function photoWithEverything() {
  const tagged = await sharp(room)
    .withExif({
      IFD0: { Make: PLANTED.make, Model: 'Planted Model', Orientation: '1' },
      IFD2: { BodySerialNumber: PLANTED.serial },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1', GPSMapDatum: PLANTED.gpsDatum },
    })
    .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:description>${PLANTED.xmp}</dc:description></x:xmpmeta>`)
    .withIccProfile('srgb')
    .jpeg({ quality: 92 })
    .toBuffer();
  // An APP0 JFXX extension carrying a JPEG thumbnail (extension code 0x10) of the uncropped photo.
  const thumbnail = Buffer.concat([room.subarray(0, 2), segment(0xfe, latin1(PLANTED.thumbnail)), room.subarray(2)]);
  const jfxx = segment(0xe0, Buffer.concat([latin1('JFXX\0'), Buffer.from([0x10]), thumbnail]));
  const iptc = segment(0xed, Buffer.concat([latin1('Photoshop 3.0\0'), latin1(`8BIM${PLANTED.iptc}`)]));
  const comment = segment(0xfe, latin1(PLANTED.comment));
  const mpf = segment(0xe2, latin1('MPF\0II*\0'));
  // Phones append further images (depth maps, MPF frames) after EOI.
  const trailing = Buffer.concat([room, latin1(PLANTED.trailing)]);
  const jfifWithThumbnail = jfif(latin1(PLANTED.jfifThumbnail));
  return Buffer.concat([withSegments(tagged, jfifWithThumbnail, jfxx, iptc, comment, mpf), trailing]);
}

async function copyOf(jpeg: Buffer, name: string) {
  const input = path.join(workDir, `${name}.jpg`);
  const output = path.join(workDir, `${name}-copy.jpg`);
  await writeFile(input, jpeg);
  const copied = await copyJpegWithoutMetadata(input, output);
  return { input, output, copied };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('a JPEG copied without its metadata', () => {
  it('carries none of the planted metadata, nor what followed EOI', async () => {
    const original = await photoWithEverything();
    for (const text of Object.values(PLANTED)) expect(original.includes(latin1(text)), text).toBe(true);
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ hasProfile: true });
    expect([before.exif, before.xmp, before.iptc].every(Boolean)).toBe(true);

    const { output, copied } = await copyOf(original, 'everything');
    expect(copied).toBe(true);
    const copy = await readFile(output);
    for (const text of Object.values(PLANTED)) expect(copy.includes(latin1(text)), text).toBe(false);
    for (const label of ['Exif', 'http://ns.adobe.com', 'ICC_PROFILE', 'JFIF', 'JFXX', 'MPF', 'Photoshop']) {
      expect(copy.includes(latin1(label)), label).toBe(false);
    }
    expect(jpegMetadataSegments(copy)).toEqual([]);
    const after = await sharp(copy).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 320, height: 240, hasProfile: false });
    expect([after.exif, after.xmp, after.iptc, after.icc, after.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // One image only: the file ends at its EOI, and holds no second start of image.
    expect(copy.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(copy.indexOf(Buffer.from([0xff, 0xd8]), 2)).toBe(-1);
  });

  it('decodes to exactly the pixels the decoder reads from the original, from the same coded data', async () => {
    const original = await photoWithEverything();
    const progressive = await sharp(room)
      .withExif({ IFD0: { Make: PLANTED.make } })
      .jpeg({ progressive: true })
      .toBuffer();
    const subsampled = await sharp(room).jpeg({ quality: 75, chromaSubsampling: '4:2:0' }).toBuffer();
    for (const [name, jpeg] of Object.entries({ original, progressive, subsampled, plain: room })) {
      const { input, output, copied } = await copyOf(jpeg, name);
      expect(copied, name).toBe(true);
      expect((await decodeToRgb(output, 'jpeg')).data.equals((await decodeToRgb(input, 'jpeg')).data), name).toBe(true);
      const copy = await readFile(output);
      const firstScan = copy.indexOf(Buffer.from([0xff, 0xda]));
      expect(jpeg.includes(copy.subarray(firstScan, -2)), `${name}: scans copied byte for byte`).toBe(true);
    }
  });

  it('keeps an APP14 Adobe segment, which says how to read the colours', async () => {
    const adobe = segment(0xee, Buffer.from([...latin1('Adobe'), 0, 100, 0, 0, 0, 0, 1]));
    const withoutJfif = stripJpegMetadata(room).bytes;
    const { input, output, copied } = await copyOf(withSegments(withoutJfif, adobe), 'adobe');
    expect(copied).toBe(true);
    expect(jpegMetadataSegments(await readFile(output))).toEqual(['APP14:Adobe']);
    expect((await decodeToRgb(output, 'jpeg')).data.equals((await decodeToRgb(input, 'jpeg')).data)).toBe(true);
  });
});

describe('the segment reader', () => {
  it('takes stuffed bytes and restart markers as scan data, and fill bytes before a marker as nothing', () => {
    const scan = room.indexOf(Buffer.from([0xff, 0xda]));
    const middle = Math.floor((scan + room.length) / 2);
    // Not a decodable file any more, but one whose structure the reader must still walk to its end.
    const inScan = Buffer.from([0xff, 0x00, 0xff, 0xd3, 0xff, 0xff, 0x00]);
    const jpeg = Buffer.concat([
      room.subarray(0, middle),
      inScan,
      room.subarray(middle, -2),
      Buffer.from([0xff, 0xff, 0xff, 0xd9]),
      latin1(PLANTED.trailing),
    ]);
    expect(stripJpegMetadata(jpeg).bytes).toEqual(
      Buffer.concat([room.subarray(0, middle), inScan, room.subarray(middle, -2), Buffer.from([0xff, 0xd9])]),
    );
  });
});

describe('a JPEG re-encoded instead', () => {
  it('is one the decoder turns upright, or whose profile is not sRGB, or CMYK or greyscale', async () => {
    const refused = {
      rotated: withExifOrientation(room, 6),
      mirrored: withExifOrientation(room, 2),
      displayP3: await sharp(room).withIccProfile('p3').jpeg().toBuffer(),
      cmyk: await sharp(room).toColourspace('cmyk').jpeg().toBuffer(),
      greyscale: await sharp(room).toColourspace('b-w').jpeg().toBuffer(),
    };
    for (const [name, jpeg] of Object.entries(refused)) {
      const { output, copied } = await copyOf(jpeg, name);
      expect(copied, name).toBe(false);
      expect(await exists(output), `${name} writes nothing`).toBe(false);
    }
    // The same photo tagged upright (orientation 1) is copied.
    expect((await copyOf(withExifOrientation(room, 1), 'upright')).copied).toBe(true);
  });

  it('is one whose colours would read differently once JFIF is gone (JFIF beside Adobe RGB)', async () => {
    const adobeRgb = segment(0xee, Buffer.from([...latin1('Adobe'), 0, 100, 0, 0, 0, 0, 0]));
    expect(() => stripJpegMetadata(withSegments(room, jfif(), adobeRgb))).toThrow(JpegCopyRefusedError);
    // Either alone reads the same without JFIF: YCbCr by JFIF or by the component ids; RGB by Adobe.
    expect(stripJpegMetadata(withSegments(room, jfif())).bytes.equals(room)).toBe(true);
    expect(jpegMetadataSegments(stripJpegMetadata(withSegments(room, adobeRgb)).bytes)).toEqual(['APP14:Adobe']);
  });

  it('is 12-bit, arithmetic-coded, lossless, truncated or malformed', () => {
    const sof = room.indexOf(Buffer.from([0xff, 0xc0]));
    const patched = (at: number, byte: number) => {
      const copy = Buffer.from(room);
      copy[at] = byte;
      return copy;
    };
    const firstSegment = 2;
    const cases = {
      twelveBit: patched(sof + 4, 12),
      arithmetic: patched(sof + 1, 0xc9),
      lossless: patched(sof + 1, 0xc3),
      unknownMarker: patched(firstSegment + 1, 0xf1),
      lengthPastTheEnd: patched(firstSegment + 2, 0xff),
      bytesBetweenSegments: withSegments(room, Buffer.from([0x00, 0x01])),
      truncated: room.subarray(0, Math.floor(room.length / 2)),
      noEoi: room.subarray(0, room.length - 2),
      headerOnly: room.subarray(0, room.indexOf(Buffer.from([0xff, 0xda]))),
      notAJpeg: Buffer.from('GIF89a, not a JPEG at all'),
      slackInATable: slackAfterFirstQuantisationTable(room),
      slackInAdobe: withSegments(room, segment(0xee, Buffer.from([...latin1('Adobe'), 0, 100, 0, 0, 0, 0, 1, 7]))),
    };
    for (const [name, jpeg] of Object.entries(cases)) {
      expect(() => stripJpegMetadata(jpeg), name).toThrow(JpegCopyRefusedError);
    }
  });

  it('is refused without writing anything when truncated, so the pipeline decodes it as before', async () => {
    const { output, copied } = await copyOf(room.subarray(0, 4000), 'truncated');
    expect(copied).toBe(false);
    expect(await exists(output)).toBe(false);
  });
});

/** The first DQT segment with two bytes more than its tables need: room for data that is not a table. */
function slackAfterFirstQuantisationTable(jpeg: Buffer) {
  const at = jpeg.indexOf(Buffer.from([0xff, 0xdb]));
  const length = jpeg.readUInt16BE(at + 2);
  const grown = Buffer.concat([jpeg.subarray(0, at + 2 + length), Buffer.from([1, 2]), jpeg.subarray(at + 2 + length)]);
  grown.writeUInt16BE(length + 2, at + 2);
  return grown;
}
