/**
 * Images with known content for the engine's unit tests, drawn pixel by pixel (no image library: only the
 * codec adapter may import sharp), plus the byte-level helpers the tests need: an EXIF orientation tag
 * inserted into a JPEG, a BMP writer, and region statistics.
 */
import type { RgbImage } from '../codecs/image-codec';

export type Colour = [number, number, number];

/** Deterministic noise in [-1, 1]. */
export function noiseSource(seed = 1) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 4294967296) * 2 - 1;
  };
}

/** An image filled by `paint(x, y)`, with a little grain so it behaves like a photo. */
export function drawImage(width: number, height: number, paint: (x: number, y: number) => Colour, grain = 3): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  const noise = noiseSource(width * 31 + height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = paint(x, y);
      const jitter = noise() * grain;
      for (let c = 0; c < 3; c++) {
        data[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(colour[c]! + jitter)));
      }
    }
  }
  return { data, width, height };
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Boxes as fractions of the frame. */
export const inBox = (x: number, y: number, width: number, height: number, box: Box) =>
  x >= box.left * width && x < box.right * width && y >= box.top * height && y < box.bottom * height;

/**
 * An overcast exterior: a pale grey sky over the top 40%, a beige house and two dark trees standing on the
 * horizon, a tired yellowish lawn below, a grey road and a blue car on the lawn.
 */
export const EXTERIOR = {
  sky: { left: 0, top: 0, right: 1, bottom: 0.35 },
  house: { left: 0.35, top: 0.22, right: 0.7, bottom: 0.55 },
  lawn: { left: 0, top: 0.6, right: 0.45, bottom: 1 },
  road: { left: 0.75, top: 0.55, right: 0.9, bottom: 1 },
  car: { left: 0.5, top: 0.7, right: 0.65, bottom: 0.85 },
};

export function overcastExterior(width: number, height: number): RgbImage {
  return drawImage(
    width,
    height,
    (x, y) => {
      const fy = y / height;
      const at = (box: Box) => inBox(x, y, width, height, box);
      if (at(EXTERIOR.car)) return [38, 72, 165];
      if (at(EXTERIOR.road)) return [128, 128, 131];
      if (at(EXTERIOR.house)) return [196, 184, 160];
      const treeCentres = [0.15, 0.88];
      for (const centre of treeCentres) {
        const dx = (x / width - centre) * (width / height);
        const dy = fy - 0.35;
        if (dx * dx + dy * dy < 0.012 || (Math.abs(dx) < 0.01 && fy > 0.35 && fy < 0.55)) return [40, 72, 30];
      }
      if (fy < 0.42) return [212 + 8 * fy, 214 + 8 * fy, 219 + 6 * fy]; // grey sky, brighter toward the horizon
      // Tired lawn: straw to dull green stripes.
      const stripe = Math.sin(x * 0.21) * Math.sin(y * 0.17);
      return [128 + 14 * stripe, 118 + 12 * stripe, 52 + 6 * stripe];
    },
    4,
  );
}

/** A room: a warm ceiling at the top, walls, a wooden floor; no sky, no lawn. */
export function interiorRoom(width: number, height: number): RgbImage {
  return drawImage(width, height, (x, y) => {
    const fy = y / height;
    if (fy < 0.25) return [176, 166, 150];
    if (fy < 0.7) return x < width * 0.3 ? [190, 180, 160] : [200, 192, 174];
    const plank = Math.floor(x / (width / 12)) % 2 ? 10 : -6;
    return [150 + plank, 100 + plank, 58 + plank / 2];
  });
}

/** A dim room shot under blue light: under-exposed and blue-cast, as a cheap camera's auto white balance leaves it. */
export function blueCastUnderexposedRoom(width: number, height: number): RgbImage {
  const room = interiorRoom(width, height);
  const data = Buffer.from(room.data);
  for (let i = 0; i < data.length; i += 3) {
    data[i] = Math.round(data[i]! * 0.42);
    data[i + 1] = Math.round(data[i + 1]! * 0.5);
    data[i + 2] = Math.min(255, Math.round(data[i + 2]! * 0.72));
  }
  return { data, width, height };
}

/** Mean R, G, B over a box. */
export function meanColour(image: RgbImage, box: Box): Colour {
  const sum: Colour = [0, 0, 0];
  let count = 0;
  for (let y = Math.floor(box.top * image.height); y < Math.floor(box.bottom * image.height); y++) {
    for (let x = Math.floor(box.left * image.width); x < Math.floor(box.right * image.width); x++) {
      for (let c = 0; c < 3; c++) sum[c]! += image.data[(y * image.width + x) * 3 + c]!;
      count++;
    }
  }
  return sum.map((value) => value / count) as Colour;
}

/** HSV hue (degrees) and saturation of a colour. */
export function hueAndSaturation([r, g, b]: Colour): { hue: number; saturation: number } {
  const max = Math.max(r, g, b);
  const chroma = max - Math.min(r, g, b);
  if (chroma === 0) return { hue: 0, saturation: 0 };
  let hue = max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  hue *= 60;
  return { hue, saturation: chroma / max };
}

/** Mean absolute difference per channel over a box, between two images of the same size. */
export function meanAbsoluteDifference(a: RgbImage, b: RgbImage, box: Box = { left: 0, top: 0, right: 1, bottom: 1 }) {
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(box.top * a.height); y < Math.floor(box.bottom * a.height); y++) {
    for (let x = Math.floor(box.left * a.width); x < Math.floor(box.right * a.width); x++) {
      for (let c = 0; c < 3; c++)
        sum += Math.abs(a.data[(y * a.width + x) * 3 + c]! - b.data[(y * b.width + x) * 3 + c]!);
      count += 3;
    }
  }
  return sum / count;
}

/**
 * Inserts an EXIF block holding only the given orientation right after a JPEG's start-of-image marker,
 * as a camera writes it (APP1 "Exif", little-endian TIFF header, one IFD0 entry: tag 0x0112, SHORT).
 */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(8, 4); // IFD0 offset
  tiff.writeUInt16LE(1, 8); // one entry
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12); // SHORT
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  tiff.writeUInt32LE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** A 24-bit uncompressed BMP (BITMAPINFOHEADER, rows bottom-up, padded to 4 bytes). */
export function encodeBmp({ data, width, height }: RgbImage): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + rowBytes * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(rowBytes * height, 34);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x++) {
      const source = (y * width + x) * 3;
      file[row + x * 3] = data[source + 2]!;
      file[row + x * 3 + 1] = data[source + 1]!;
      file[row + x * 3 + 2] = data[source]!;
    }
  }
  return file;
}

/** JPEG marker segments (APPn, COM) that carry metadata, by marker name. */
export function jpegMetadataSegments(jpeg: Buffer): string[] {
  const found: string[] = [];
  let offset = 2;
  while (offset + 4 <= jpeg.length && jpeg[offset] === 0xff) {
    const marker = jpeg[offset + 1]!;
    if (marker === 0xda) break; // start of scan: no more headers
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker >= 0xe0 && marker <= 0xef) {
      const label = jpeg.toString('latin1', offset + 4, offset + 4 + Math.min(length - 2, 12)).split('\0')[0]!;
      found.push(`APP${marker - 0xe0}:${label}`);
    }
    if (marker === 0xfe) found.push('COM');
    offset += 2 + length;
  }
  return found;
}
