import type { RgbImage } from '../codecs/image-codec';
import { nativeKernels } from '../native/kernels';
import { unfilledFloat32 } from '../native/unfilled-arrays';

/**
 * Small single-channel rasters for analysis at a few hundred pixels: luminance, blurs, gradients, masks.
 * Plain typed arrays, so the maths stays readable and fast without an image library.
 */
export interface Raster {
  data: Float32Array;
  width: number;
  height: number;
}

export const createRaster = (width: number, height: number, fill = 0): Raster => ({
  data: unfilledFloat32(width * height).fill(fill),
  width,
  height,
});

/** Rec. 709 luma of 8-bit sRGB, 0–255. */
export function luminance(image: RgbImage): Raster {
  const out = createRaster(image.width, image.height);
  const { data } = image;
  for (let i = 0, p = 0; i < out.data.length; i++, p += 3) {
    out.data[i] = 0.2126 * data[p]! + 0.7152 * data[p + 1]! + 0.0722 * data[p + 2]!;
  }
  return out;
}

/** One channel (0 red, 1 green, 2 blue) as a raster. */
export function channel(image: RgbImage, index: number): Raster {
  const out = createRaster(image.width, image.height);
  for (let i = 0, p = index; i < out.data.length; i++, p += 3) out.data[i] = image.data[p]!;
  return out;
}

/** Box blur of radius r (a (2r+1)² mean), edges clamped; twice in a row approximates a Gaussian. */
export function boxBlur(source: Raster, radius: number): Raster {
  if (radius <= 0) return { ...source, data: source.data.slice() };
  const { width, height } = source;
  const out = createRaster(width, height);
  const native = Number.isInteger(radius) ? nativeKernels() : undefined;
  if (native) {
    native.boxBlur(source.data, width, height, radius, out.data);
    return out;
  }
  const horizontal = createRaster(width, height);
  const size = 2 * radius + 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let k = -radius; k <= radius; k++) sum += source.data[row + clamp(k, 0, width - 1)]!;
    for (let x = 0; x < width; x++) {
      horizontal.data[row + x] = sum / size;
      sum +=
        source.data[row + clamp(x + radius + 1, 0, width - 1)]! - source.data[row + clamp(x - radius, 0, width - 1)]!;
    }
  }
  // Down the columns, a running sum per column, walked row by row (in memory order).
  const h = horizontal.data;
  const sums = new Float64Array(width);
  for (let k = -radius; k <= radius; k++) {
    const row = clamp(k, 0, height - 1) * width;
    for (let x = 0; x < width; x++) sums[x] = sums[x]! + h[row + x]!;
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const entering = clamp(y + radius + 1, 0, height - 1) * width;
    const leaving = clamp(y - radius, 0, height - 1) * width;
    for (let x = 0; x < width; x++) {
      out.data[row + x] = sums[x]! / size;
      sums[x] = sums[x]! + (h[entering + x]! - h[leaving + x]!);
    }
  }
  return out;
}

export const smooth = (source: Raster, radius: number) => boxBlur(boxBlur(source, radius), radius);

/** Sobel gradient magnitude (edges clamped). */
export function gradientMagnitude(source: Raster): Raster {
  const { width, height, data } = source;
  const out = createRaster(width, height);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const row = y * width;
    const down = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const l = Math.max(0, x - 1);
      const r = Math.min(width - 1, x + 1);
      const gx =
        data[up + r]! + 2 * data[row + r]! + data[down + r]! - data[up + l]! - 2 * data[row + l]! - data[down + l]!;
      const gy =
        data[down + l]! + 2 * data[down + x]! + data[down + r]! - data[up + l]! - 2 * data[up + x]! - data[up + r]!;
      out.data[row + x] = Math.sqrt(gx * gx + gy * gy) / 8;
    }
  }
  return out;
}

/** The value below which `fraction` of the (optionally masked) samples lie. */
export function percentile(source: Raster, fraction: number, mask?: Uint8Array): number {
  let values: Float32Array;
  if (mask) {
    values = new Float32Array(source.data.length);
    let n = 0;
    for (let i = 0; i < source.data.length; i++) if (mask[i]) values[n++] = source.data[i]!;
    values = values.subarray(0, n);
  } else {
    values = source.data.slice();
  }
  if (values.length === 0) return 0;
  return select(values, Math.min(values.length - 1, Math.floor(fraction * values.length)));
}

/**
 * The value that would sit at index `k` were `values` sorted (Hoare's selection, reordering `values`): linear
 * on average where a sort of a working copy's 175 000 values takes tens of milliseconds.
 */
function select(values: Float32Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else break;
  }
  return values[k]!;
}

/** Binary dilation by a (2r+1)² square: separable running maximum. */
export function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return mask.slice();
  const horizontal = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      for (let k = Math.max(0, x - radius); k <= Math.min(width - 1, x + radius); k++) horizontal[y * width + k] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!horizontal[y * width + x]) continue;
      for (let k = Math.max(0, y - radius); k <= Math.min(height - 1, y + radius); k++) out[k * width + x] = 1;
    }
  }
  return out;
}

/** Binary erosion by a (2r+1)² square (pixels outside the frame count as set, so borders do not erode). */
export function erode(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const inverted = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) inverted[i] = mask[i] ? 0 : 1;
  const grown = dilate(inverted, width, height, radius);
  for (let i = 0; i < grown.length; i++) grown[i] = grown[i] ? 0 : 1;
  return grown;
}

/** Labels 8-connected components of a mask; returns the label of each pixel (0 = background) and the count. */
export function connectedComponents(mask: Uint8Array, width: number, height: number) {
  const labels = new Int32Array(mask.length);
  const stack: number[] = [];
  let count = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    labels[start] = ++count;
    stack.push(start);
    while (stack.length) {
      const index = stack.pop()!;
      const x = index % width;
      const y = (index - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (mask[next] && !labels[next]) {
            labels[next] = count;
            stack.push(next);
          }
        }
      }
    }
  }
  return { labels, count };
}

/** Bilinear sample at continuous pixel coordinates (pixel centres at integers), edges clamped. */
export function sampleBilinear(source: Raster, x: number, y: number): number {
  const x0 = clamp(Math.floor(x), 0, source.width - 1);
  const y0 = clamp(Math.floor(y), 0, source.height - 1);
  const x1 = Math.min(x0 + 1, source.width - 1);
  const y1 = Math.min(y0 + 1, source.height - 1);
  const fx = clamp(x - x0, 0, 1);
  const fy = clamp(y - y0, 0, 1);
  const row0 = y0 * source.width;
  const row1 = y1 * source.width;
  const top = source.data[row0 + x0]! + (source.data[row0 + x1]! - source.data[row0 + x0]!) * fx;
  const bottom = source.data[row1 + x0]! + (source.data[row1 + x1]! - source.data[row1 + x0]!) * fx;
  return top + (bottom - top) * fy;
}

export const clamp = (value: number, min: number, max: number) => (value < min ? min : value > max ? max : value);
