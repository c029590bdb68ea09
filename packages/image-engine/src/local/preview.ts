import type { RgbImage } from '../codecs/image-codec';
import { nativeKernels } from '../native/kernels';
import type { Plane } from './planes';
import { unfilledBytes, unfilledFloat32 } from '../native/unfilled-arrays';

/**
 * Longest side of the copy the engine analyses; masks and gain maps are computed at this size. 640 px is
 * enough to find a sky's or a lawn's edges (the full-resolution pass refines them pixel by pixel), and lets
 * libvips decode a 24 MP JPEG's preview at 1/8 scale straight from its DCT coefficients.
 */
export const PREVIEW_SIZE = 640;

/**
 * The preview's pixels split into the channels the analyses read: RGB (0–255), luma (0–255, Rec. 601),
 * and HSV hue (degrees), saturation and value (0–1).
 */
export interface PreviewPixels {
  width: number;
  height: number;
  red: Float32Array;
  green: Float32Array;
  blue: Float32Array;
  luma: Float32Array;
  hue: Float32Array;
  saturation: Float32Array;
  value: Float32Array;
}

export function describePreview(image: RgbImage): PreviewPixels {
  const count = image.width * image.height;
  const channels = () => unfilledFloat32(count);
  const preview: PreviewPixels = {
    width: image.width,
    height: image.height,
    red: channels(),
    green: channels(),
    blue: channels(),
    luma: channels(),
    hue: channels(),
    saturation: channels(),
    value: channels(),
  };
  const native = nativeKernels();
  if (native) {
    const { red, green, blue, luma, hue, saturation, value } = preview;
    native.describePreview(image.data, red, green, blue, luma, hue, saturation, value);
    return preview;
  }
  for (let i = 0; i < count; i++) {
    const r = image.data[i * 3]!;
    const g = image.data[i * 3 + 1]!;
    const b = image.data[i * 3 + 2]!;
    preview.red[i] = r;
    preview.green[i] = g;
    preview.blue[i] = b;
    preview.luma[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    const max = Math.max(r, g, b);
    const chroma = max - Math.min(r, g, b);
    preview.hue[i] = hueDegrees(r, g, b, max, chroma);
    preview.saturation[i] = max > 0 ? chroma / max : 0;
    preview.value[i] = max / 255;
  }
  return preview;
}

/** HSV hue in degrees [0, 360); 0 for greys. */
export function hueDegrees(r: number, g: number, b: number, max: number, chroma: number): number {
  if (chroma === 0) return 0;
  let sector: number;
  if (max === r) sector = ((g - b) / chroma + 6) % 6;
  else if (max === g) sector = (b - r) / chroma + 2;
  else sector = (r - g) / chroma + 4;
  return sector * 60;
}

/** Half the width and height, each output pixel the mean of a 2×2 block: for analyses that need less detail. */
export function halveImage(image: RgbImage): RgbImage {
  const width = Math.max(1, image.width >> 1);
  const height = Math.max(1, image.height >> 1);
  const data = unfilledBytes(width * height * 3);
  const native = nativeKernels();
  if (native) {
    native.halveImage(image.data, image.width, image.height, data);
    return { data, width, height };
  }
  const stride = image.width * 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const topLeft = Math.min(2 * y, image.height - 1) * stride + Math.min(2 * x, image.width - 1) * 3;
      const right = 2 * x + 1 < image.width ? 3 : 0;
      const down = 2 * y + 1 < image.height ? stride : 0;
      for (let c = 0; c < 3; c++) {
        const i = topLeft + c;
        const sum = image.data[i]! + image.data[i + right]! + image.data[i + down]! + image.data[i + down + right]!;
        data[(y * width + x) * 3 + c] = (sum + 2) >> 2;
      }
    }
  }
  return { data, width, height };
}

export const planeOf = (preview: PreviewPixels, values: Float32Array): Plane => ({
  width: preview.width,
  height: preview.height,
  values,
});
