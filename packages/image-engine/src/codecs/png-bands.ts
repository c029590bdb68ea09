import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RgbImage } from './image-codec';

/**
 * A standard 8-bit RGB PNG written from bands of rows, each band deflated on its own (decision 015). An area
 * edit changes only the rows its painted area spans: the bands above and below are the base version's rows,
 * compressed while the provider is still working, and only the middle band is compressed once the edit is
 * made. A band is a run of complete deflate blocks ending on a byte boundary (a sync flush), so the bands
 * joined, closed by an empty final block, are one zlib stream; its checksum is combined from the bands'.
 * Rows use PNG's Sub filter (each byte minus the one a pixel to its left), which needs no other row: about
 * 30 % of the raw size at deflate level 1, smaller than libvips' level 2 without filtering, and faster.
 * Each band is cut into slices deflated side by side on libuv's thread pool. A band can also be stored (its
 * rows unfiltered, in stored blocks): ready at once, compacted later.
 */

const deflateRaw = promisify(zlib.deflateRaw);
const deflate = promisify(zlib.deflate);
const ROWS_PER_SLICE = 256;
const LEVEL = 1;
/** Room past a stored slice's bytes for its blocks' headers (5 bytes per 65,535) and the stream's own. */
const STORED_SLACK = 1024;
/** An empty deflate block marked final (fixed Huffman codes), closing the joined stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ADLER_BASE = 65521;
/** Bytes summed between reductions: from below 65521, 3000 bytes of at most 255 keep both sums below 2^31. */
const ADLER_RUN = 3000;

/** Rows `top` to `bottom` (exclusive) of an image, filtered and deflated. */
export interface PngBand {
  deflated: Buffer[];
  /** Adler-32 of the filtered rows, and their length in bytes. */
  adler: number;
  length: number;
}

export async function deflatePngRows(image: RgbImage, top: number, bottom: number): Promise<PngBand> {
  const band = new PngBandWriter();
  for (let start = top; start < bottom; start += ROWS_PER_SLICE) {
    band.add(image, start, Math.min(bottom, start + ROWS_PER_SLICE));
    // Filtering a slice takes milliseconds: the event loop (a provider's answer, the API) is not held longer.
    await new Promise(setImmediate);
  }
  return band.finish();
}

/**
 * A band made a run of rows at a time, in order, as they are ready: each run is filtered and summed at once
 * and deflated on the thread pool while the caller goes on (an area edit blends its next rows meanwhile).
 * With `stored`, the rows are not filtered and go into deflate's stored blocks (copied, not compressed), so
 * the band is ready at once; `compacted` filters and deflates the same rows afterwards, for a smaller file of
 * the same pixels.
 */
export class PngBandWriter {
  private readonly slices: Promise<Slice>[] = [];
  /** A stored band's rows as stored (each its filter byte, None, and its bytes), kept to be compacted. */
  private readonly unfiltered: Buffer[] = [];
  private rowBytes = 0;

  constructor(private readonly options: { stored?: boolean } = {}) {}

  /** Rows `top` to `bottom` (exclusive) of `image`, following the rows added before. */
  add(image: RgbImage, top: number, bottom: number): void {
    const rowBytes = (this.rowBytes = image.width * 3);
    for (let start = top; start < bottom; start += ROWS_PER_SLICE) {
      const end = Math.min(bottom, start + ROWS_PER_SLICE);
      if (this.options.stored) {
        const rows = unfilteredRows(image, start, end);
        this.unfiltered.push(rows);
        this.slices.push(settled(storeSlice(rows)));
      } else {
        const { filtered, adler } = subFilteredRows(image.data, rowBytes, start * rowBytes, rowBytes, end - start);
        this.slices.push(settled(deflateSlice(filtered, adler)));
      }
    }
  }

  async finish(): Promise<PngBand> {
    return joined(await Promise.all(this.slices));
  }

  /** A stored band's rows filtered (Sub) and deflated at level 1: about a third of their stored size. */
  async compacted(): Promise<PngBand> {
    const stride = this.rowBytes + 1;
    const slices: Promise<Slice>[] = [];
    for (const rows of this.unfiltered) {
      const { filtered, adler } = subFilteredRows(rows, this.rowBytes, 1, stride, rows.length / stride);
      slices.push(settled(deflateSlice(filtered, adler)));
      await new Promise(setImmediate); // the event loop is not held for the whole band
    }
    return joined(await Promise.all(slices));
  }
}

/** One run of a band's rows, deflated; the Adler-32 and length of the bytes it inflates to. */
interface Slice {
  deflated: Buffer;
  adler: number;
  length: number;
}

/** An early failure must not go unhandled while the slices before it are awaited. */
function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

function joined(slices: Slice[]): PngBand {
  let adler = 1;
  let length = 0;
  for (const slice of slices) {
    adler = adler32Combine(adler, slice.adler, slice.length);
    length += slice.length;
  }
  return { deflated: slices.map((slice) => slice.deflated), adler, length };
}

async function deflateSlice(filtered: Buffer, adler: number): Promise<Slice> {
  const deflated = await deflateRaw(filtered, {
    level: LEVEL,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
    // Room for the whole slice's output (about 30 % of its size) at once: zlib's default of 16 KB hands
    // each slice back to the main thread in hundreds of pieces.
    chunkSize: Math.max(zlib.constants.Z_DEFAULT_CHUNK, filtered.length >> 1),
  });
  return { deflated, adler, length: filtered.length };
}

/**
 * Rows in stored blocks, by zlib at level 0 on the thread pool, which sums them too (its Adler-32 is several
 * times faster than ours in JavaScript). Its stream's header and checksum are taken off, and its last block
 * is marked not final, so that other bands can follow. Each block of a level-0 stream is stored and starts
 * on a byte: a header byte (its low bit: final), its length twice, its bytes.
 */
async function storeSlice(rows: Buffer): Promise<Slice> {
  const stream = await deflate(rows, { level: 0, chunkSize: rows.length + STORED_SLACK });
  const blocks = stream.subarray(2, stream.length - 4);
  let last = 0;
  for (let at = 0; at < blocks.length; at += 5 + blocks.readUInt16LE(at + 1)) {
    if ((blocks[at]! & 0xfe) !== 0) throw new Error('zlib wrote a block other than stored at level 0');
    last = at;
  }
  blocks[last] = 0;
  return { deflated: blocks, adler: stream.readUInt32BE(stream.length - 4), length: rows.length };
}

/** The rows as PNG stores them unfiltered: a filter byte (None) before each row's bytes. */
function unfilteredRows(image: RgbImage, top: number, bottom: number): Buffer {
  const rowBytes = image.width * 3;
  const out = Buffer.allocUnsafe((rowBytes + 1) * (bottom - top));
  for (let y = top, o = 0; y < bottom; y++, o += rowBytes + 1) {
    out[o] = 0;
    image.data.copy(out, o + 1, y * rowBytes, (y + 1) * rowBytes);
  }
  return out;
}

/** Writes the PNG whose rows are `bands`, in order, covering the image's height exactly. */
export async function writePngFromBands(
  outputPath: string,
  size: { width: number; height: number },
  bands: PngBand[],
): Promise<void> {
  let adler = 1;
  for (const band of bands) adler = adler32Combine(adler, band.adler, band.length);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size.width, 0);
  header.writeUInt32BE(size.height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, not interlaced
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler, 0);
  const stream = [Buffer.from([0x78, 0x01]), ...bands.flatMap((band) => band.deflated), FINAL_BLOCK, trailer];
  await writeFile(outputPath, [
    SIGNATURE,
    ...chunk('IHDR', header),
    ...stream.filter((part) => part.length > 0).flatMap((part) => chunk('IDAT', part)),
    ...chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * `count` rows of `rowBytes` bytes each, the first at `start` in `src` and each `stride` bytes after the one
 * before, filtered (Sub), and the Adler-32 of what they filter to, summed as they are written (one pass over
 * the rows). The sums are reduced every ADLER_RUN bytes, so they stay small integers (below 2^31).
 */
function subFilteredRows(
  src: Buffer,
  rowBytes: number,
  start: number,
  stride: number,
  count: number,
): { filtered: Buffer; adler: number } {
  const out = Buffer.allocUnsafe((rowBytes + 1) * count);
  let a = 1;
  let b = 0;
  for (let r = 0, o = 0; r < count; r++) {
    const row = start + r * stride;
    out[o++] = 1; // Sub
    a += 1;
    b += a;
    for (let i = row; i < row + 3; i++) {
      out[o++] = src[i]!; // the first pixel: nothing to its left
      a += src[i]!;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
    for (let i = row + 3; i < row + rowBytes;) {
      const end = Math.min(row + rowBytes, i + ADLER_RUN);
      for (; i < end; i++) {
        const value = (src[i]! - src[i - 3]!) & 0xff;
        out[o++] = value;
        a = (a + value) | 0;
        b = (b + a) | 0;
      }
      a %= ADLER_BASE;
      b %= ADLER_BASE;
    }
  }
  return { filtered: out, adler: ((b << 16) | a) >>> 0 };
}

/** A PNG chunk as the pieces written one after another: its data is not copied (20 MB at 24 MP). */
function chunk(type: string, data: Buffer): Buffer[] {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return [head, data, crc];
}

/** The Adler-32 of two byte runs joined, from each one's and the second's length (zlib's adler32_combine). */
function adler32Combine(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_BASE;
  const a1 = first & 0xffff;
  const b1 = first >>> 16;
  const a = (a1 + (second & 0xffff) + ADLER_BASE - 1) % ADLER_BASE;
  const b = (((remainder * a1) % ADLER_BASE) + b1 + (second >>> 16) + ADLER_BASE - remainder) % ADLER_BASE;
  return ((b << 16) | a) >>> 0;
}
