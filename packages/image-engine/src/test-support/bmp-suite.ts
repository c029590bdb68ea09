/**
 * The "good" files of Jason Summers' BMP Suite (public domain), written again byte by byte: no npm package
 * ships the suite and it cannot be downloaded here. Each variant has the suite's file name, encodes the same
 * picture the way that file does (header version, bit depth, palette, compression, row order) and comes with
 * the colours a correct decoder must produce, so a test compares pixels, not only that decoding succeeded.
 */
import type { RgbImage } from '../codecs/image-codec';

type Colour = [number, number, number];

export interface BmpSuiteFile {
  /** The suite's file name (g/ folder of bmpsuite 2.x). */
  name: string;
  bytes: Buffer;
  expected: RgbImage;
  /** Largest difference per channel a correct decoder may show: 5- and 6-bit channels are widened two ways. */
  tolerance: number;
}

type Header = 'core' | 'v3' | 'v4' | 'v5';
type Compression = 'rgb' | 'rle8' | 'rle4' | 'bitfields';

interface Variant {
  name: string;
  bits: 1 | 4 | 8 | 16 | 24 | 32;
  header?: Header;
  compression?: Compression;
  palette?: Colour[];
  /** Colour-table entries written for a true-colour image (the suite's *pal files), which decoders must ignore. */
  unusedPalette?: number;
  /** Writes biClrUsed = 0, meaning "the full 2^bits palette". */
  clrUsedZero?: boolean;
  masks?: [number, number, number];
  topDown?: boolean;
  width?: number;
  height?: number;
  /** Different horizontal and vertical resolutions (pal8nonsquare). */
  nonSquare?: boolean;
}

const WIDTH = 127;
const HEIGHT = 64;

/** A palette spread over the colour cube, so that any misplaced index shows as a wrong colour. */
function colourPalette(size: number): Colour[] {
  return Array.from({ length: size }, (_, i) => [(i * 97 + 13) % 256, (i * 53 + 101) % 256, (i * 181 + 47) % 256]);
}
const greyPalette = (size: number): Colour[] =>
  Array.from({ length: size }, (_, i) => {
    const v = Math.round((i * 255) / (size - 1));
    return [v, v, v];
  });

/** Blocks of one index (long runs for RLE) with every fifth row noisy (RLE's absolute mode, odd lengths). */
function indexAt(x: number, y: number, colours: number): number {
  if (y % 5 === 0) return (x * 7 + y * 3 + ((x * x) >> 3)) % colours;
  return ((x >> 3) + (y >> 2) * 3) % colours;
}

/** A picture with gradients in every channel and sharp edges, for the true-colour variants. */
function trueColourAt(x: number, y: number, width: number, height: number): Colour {
  const r = Math.round((x * 255) / (width - 1));
  const g = Math.round((y * 255) / (height - 1));
  const b = (x >> 4) % 2 === (y >> 4) % 2 ? 230 : (x * 3 + y * 5) % 256;
  return [r, g, b];
}

const GOOD: Variant[] = [
  {
    name: 'pal1.bmp',
    bits: 1,
    palette: [
      [0, 0, 0],
      [255, 255, 255],
    ],
  },
  {
    name: 'pal1wb.bmp',
    bits: 1,
    palette: [
      [255, 255, 255],
      [0, 0, 0],
    ],
  },
  {
    name: 'pal1bg.bmp',
    bits: 1,
    palette: [
      [64, 0, 128],
      [0, 200, 100],
    ],
  },
  { name: 'pal4.bmp', bits: 4, palette: colourPalette(12) },
  { name: 'pal4gs.bmp', bits: 4, palette: greyPalette(16) },
  { name: 'pal4rle.bmp', bits: 4, palette: colourPalette(12), compression: 'rle4' },
  { name: 'pal8.bmp', bits: 8, palette: colourPalette(252) },
  { name: 'pal8-0.bmp', bits: 8, palette: colourPalette(256), clrUsedZero: true },
  { name: 'pal8gs.bmp', bits: 8, palette: greyPalette(256) },
  { name: 'pal8rle.bmp', bits: 8, palette: colourPalette(252), compression: 'rle8' },
  { name: 'pal8w126.bmp', bits: 8, palette: colourPalette(252), width: 126, height: 63 },
  { name: 'pal8w125.bmp', bits: 8, palette: colourPalette(252), width: 125, height: 62 },
  { name: 'pal8w124.bmp', bits: 8, palette: colourPalette(252), width: 124, height: 61 },
  { name: 'pal8topdown.bmp', bits: 8, palette: colourPalette(252), topDown: true },
  { name: 'pal8nonsquare.bmp', bits: 8, palette: colourPalette(252), nonSquare: true, height: 32 },
  { name: 'pal8os2.bmp', bits: 8, palette: colourPalette(252), header: 'core' },
  { name: 'pal8v4.bmp', bits: 8, palette: colourPalette(252), header: 'v4' },
  { name: 'pal8v5.bmp', bits: 8, palette: colourPalette(252), header: 'v5' },
  { name: 'rgb16.bmp', bits: 16 },
  { name: 'rgb16bfdef.bmp', bits: 16, compression: 'bitfields', masks: [0x7c00, 0x03e0, 0x001f] },
  { name: 'rgb16-565.bmp', bits: 16, compression: 'bitfields', masks: [0xf800, 0x07e0, 0x001f] },
  { name: 'rgb16-565pal.bmp', bits: 16, compression: 'bitfields', masks: [0xf800, 0x07e0, 0x001f], unusedPalette: 256 },
  { name: 'rgb24.bmp', bits: 24 },
  { name: 'rgb24pal.bmp', bits: 24, unusedPalette: 256 },
  { name: 'rgb32.bmp', bits: 32 },
  { name: 'rgb32bf.bmp', bits: 32, compression: 'bitfields', masks: [0xff000000, 0x00000ff0, 0x00ff0000] },
  { name: 'rgb32bfdef.bmp', bits: 32, compression: 'bitfields', masks: [0x00ff0000, 0x0000ff00, 0x000000ff] },
];

/** The suite's "good" set plus OS/2 core-header files at 1 and 4 bits and a v5 header with bit fields. */
const EXTRA: Variant[] = [
  {
    name: 'os2-pal1.bmp',
    bits: 1,
    palette: [
      [0, 0, 128],
      [250, 250, 0],
    ],
    header: 'core',
  },
  { name: 'os2-pal4.bmp', bits: 4, palette: colourPalette(16), header: 'core' },
  { name: 'os2-rgb24.bmp', bits: 24, header: 'core' },
  { name: 'v5-rgb16-565.bmp', bits: 16, compression: 'bitfields', masks: [0xf800, 0x07e0, 0x001f], header: 'v5' },
  {
    name: 'v4-rgb32bf.bmp',
    bits: 32,
    compression: 'bitfields',
    masks: [0x0000ff00, 0x00ff0000, 0xff000000],
    header: 'v4',
  },
];

export const bmpSuite = (): BmpSuiteFile[] => [...GOOD, ...EXTRA].map(writeVariant);

const HEADER_SIZE: Record<Header, number> = { core: 12, v3: 40, v4: 108, v5: 124 };
const COMPRESSION: Record<Compression, number> = { rgb: 0, rle8: 1, rle4: 2, bitfields: 3 };

function writeVariant(variant: Variant): BmpSuiteFile {
  const width = variant.width ?? WIDTH;
  const height = variant.height ?? HEIGHT;
  const header = variant.header ?? 'v3';
  const compression = variant.compression ?? 'rgb';
  const palette = variant.palette;
  const expected = Buffer.alloc(width * height * 3);
  const indices = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * width + x;
      let colour: Colour;
      if (palette) {
        indices[at] = indexAt(x, y, palette.length);
        colour = palette[indices[at]!]!;
      } else {
        colour = trueColourAt(x, y, width, height);
      }
      expected.set(colour, at * 3);
    }
  }

  const masks = variant.masks ?? (variant.bits === 16 ? [0x7c00, 0x03e0, 0x001f] : [0xff0000, 0xff00, 0xff]);
  const packPixel = (at: number): number => {
    let value = 0;
    for (let c = 0; c < 3; c++) {
      const mask = masks[c]!;
      const shift = trailingZeros(mask);
      const max = mask >>> shift;
      const level = Math.round((expected[at * 3 + c]! * max) / 255);
      // What a decoder widening `level` back to 8 bits should show (exact for 8-bit channels).
      expected[at * 3 + c] = Math.round((level * 255) / max);
      value = (value | (level << shift)) >>> 0;
    }
    return value;
  };

  const rows: Buffer[] = [];
  let pixelData: Buffer;
  if (compression === 'rle8' || compression === 'rle4') {
    const encoded: Buffer[] = [];
    for (let row = 0; row < height; row++) {
      const y = height - 1 - row; // RLE bitmaps are bottom-up
      encoded.push(encodeRleRow(indices.subarray(y * width, (y + 1) * width), compression === 'rle4'));
      encoded.push(Buffer.from(row === height - 1 ? [0, 1] : [0, 0]));
    }
    pixelData = Buffer.concat(encoded);
  } else {
    const stride = Math.ceil((width * variant.bits) / 32) * 4;
    for (let y = 0; y < height; y++) {
      const row = Buffer.alloc(stride);
      for (let x = 0; x < width; x++) {
        const at = y * width + x;
        switch (variant.bits) {
          case 1:
            row[x >> 3] = row[x >> 3]! | (indices[at]! << (7 - (x & 7)));
            break;
          case 4:
            row[x >> 1] = row[x >> 1]! | (indices[at]! << (x & 1 ? 0 : 4));
            break;
          case 8:
            row[x] = indices[at]!;
            break;
          case 16:
            row.writeUInt16LE(packPixel(at), x * 2);
            break;
          case 24:
            row[x * 3] = expected[at * 3 + 2]!;
            row[x * 3 + 1] = expected[at * 3 + 1]!;
            row[x * 3 + 2] = expected[at * 3]!;
            break;
          case 32:
            row.writeUInt32LE(packPixel(at), x * 4);
            break;
        }
      }
      rows.push(row);
    }
    pixelData = Buffer.concat(variant.topDown ? rows : rows.reverse());
  }

  const infoSize = HEADER_SIZE[header];
  const tableEntries = palette
    ? variant.clrUsedZero
      ? 1 << variant.bits
      : palette.length
    : (variant.unusedPalette ?? 0);
  const entrySize = header === 'core' ? 3 : 4;
  const colourTable = Buffer.alloc(tableEntries * entrySize);
  for (let i = 0; i < tableEntries; i++) {
    const colour = palette?.[i] ?? [i, 255 - i, (i * 7) % 256];
    colourTable.set([colour[2], colour[1], colour[0]], i * entrySize);
  }
  const info = Buffer.alloc(infoSize);
  info.writeUInt32LE(infoSize, 0);
  if (header === 'core') {
    info.writeUInt16LE(width, 4);
    info.writeUInt16LE(height, 6);
    info.writeUInt16LE(1, 8);
    info.writeUInt16LE(variant.bits, 10);
  } else {
    info.writeInt32LE(width, 4);
    info.writeInt32LE(variant.topDown ? -height : height, 8);
    info.writeUInt16LE(1, 12);
    info.writeUInt16LE(variant.bits, 14);
    info.writeUInt32LE(COMPRESSION[compression], 16);
    info.writeUInt32LE(pixelData.length, 20);
    info.writeInt32LE(2835, 24);
    info.writeInt32LE(variant.nonSquare ? 1417 : 2835, 28);
    info.writeUInt32LE(palette && !variant.clrUsedZero ? palette.length : tableEntries, 32);
    if (header !== 'v3') {
      masks.forEach((mask, c) => info.writeUInt32LE(mask >>> 0, 40 + c * 4));
      info.write('BGRs', 56, 'latin1'); // LCS_sRGB, stored little-endian
      if (header === 'v5') info.writeUInt32LE(4, 108); // LCS_GM_IMAGES
    }
  }
  // A v3 header carries its bit-field masks right after itself; later headers hold them inside.
  const bitfields =
    header === 'v3' && compression === 'bitfields' ? Buffer.from(new Uint32Array(masks).buffer) : Buffer.alloc(0);
  const offset = 14 + infoSize + bitfields.length + colourTable.length;
  const file = Buffer.alloc(14);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(offset + pixelData.length, 2);
  file.writeUInt32LE(offset, 10);
  return {
    name: variant.name,
    bytes: Buffer.concat([file, info, bitfields, colourTable, pixelData]),
    expected: { data: expected, width, height },
    tolerance: variant.bits === 16 ? 2 : 0,
  };
}

/** One row in RLE8 or RLE4: runs of one index, and absolute runs (three pixels or more) of mixed ones. */
function encodeRleRow(row: Uint8Array, fourBit: boolean): Buffer {
  const out: number[] = [];
  let x = 0;
  while (x < row.length) {
    let run = 1;
    while (x + run < row.length && row[x + run] === row[x] && run < 255) run++;
    if (run >= 2) {
      out.push(run, fourBit ? (row[x]! << 4) | row[x]! : row[x]!);
      x += run;
      continue;
    }
    let literal = 1;
    while (x + literal < row.length && literal < 255 && row[x + literal] !== row[x + literal + 1]) literal++;
    if (literal < 3) {
      out.push(1, fourBit ? row[x]! << 4 : row[x]!);
      x += 1;
      continue;
    }
    const pixels = Array.from(row.subarray(x, x + literal));
    out.push(0, literal);
    const bytes = fourBit
      ? Array.from({ length: Math.ceil(literal / 2) }, (_, i) => (pixels[2 * i]! << 4) | (pixels[2 * i + 1] ?? 0))
      : pixels;
    out.push(...bytes);
    if (bytes.length % 2) out.push(0);
    x += literal;
  }
  return Buffer.from(out);
}

function trailingZeros(mask: number): number {
  let shift = 0;
  while (shift < 32 && !((mask >>> shift) & 1)) shift++;
  return shift;
}
