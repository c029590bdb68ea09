import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import {
  encodedImageMetadata,
  fixturePhotoPath,
  uprightRgbAtSize,
  type FixturePhoto,
} from '@hearth/image-engine/test-support';
import yauzl from 'yauzl';

/** The committed test photos (see packages/image-engine/fixtures/photos/README.md). */
export const fixture = (name: FixturePhoto) => ({ name, data: readFileSync(fixturePhotoPath(name)) });

/** A JPEG whose header is intact and whose data stops a third of the way: accepted, then fails to decode. */
export const truncatedJpeg = () => fixture('exterior.jpg').data.subarray(0, 40_000);

/**
 * A 24-bit Windows BMP (BITMAPINFOHEADER, rows bottom-up, padded to 4 bytes) of a committed photo, scaled to
 * `width` × `height`: sharp cannot write BMP, and the pipeline must read it.
 */
export async function bmpOf(name: Parameters<typeof fixture>[0], width: number, height: number): Promise<Buffer> {
  const { data, ...info } = await uprightRgbAtSize(fixture(name).data, width, height);
  const rowBytes = Math.ceil((info.width * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + rowBytes * info.height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(info.width, 18);
  header.writeInt32LE(info.height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(rowBytes * info.height, 34);
  const pixels = Buffer.alloc(rowBytes * info.height);
  for (let y = 0; y < info.height; y++) {
    const target = (info.height - 1 - y) * rowBytes;
    for (let x = 0; x < info.width; x++) {
      const source = (y * info.width + x) * 3;
      pixels[target + x * 3] = data[source + 2]!;
      pixels[target + x * 3 + 1] = data[source + 1]!;
      pixels[target + x * 3 + 2] = data[source]!;
    }
  }
  return Buffer.concat([header, pixels]);
}

/** What a served image says about itself: its format and size, and any metadata it carries. */
export async function imageFacts(bytes: Buffer) {
  return {
    ...(await encodedImageMetadata(bytes)),
    // The portrait fixture's camera tags and GPS block, as they would appear in any APP1 segment.
    mentionsGpsOrCamera: ['GPS', 'iPhone', 'Apple'].some((text) => bytes.includes(Buffer.from(text, 'latin1'))),
  };
}

/** The entries of a ZIP archive, in order, with their bytes; throws on an entry whose CRC-32 is wrong. */
export async function zipEntries(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries: { name: string; data: Buffer }[] = [];
  for await (const entry of archive.eachEntry()) {
    const stream = await archive.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    // yauzl reads the recorded checksum but does not check it (see its README).
    if (crc32(data) !== entry.crc32) throw new Error(`${entry.fileName}: CRC-32 does not match its bytes`);
    entries.push({ name: entry.fileName, data });
  }
  return entries;
}
