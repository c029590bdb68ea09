import type { RgbImage } from '@hearth/image-engine';

/**
 * Gaussian-ish luminance grain (sum of uniforms), as a camera's sensor leaves it; deterministic. An enlarged
 * render is smoother than any photo, and smooth images encode and decode faster than real ones: the grain keeps
 * the benchmarks' inputs as costly as a camera's.
 */
export function addSensorGrain(image: RgbImage, sigma: number) {
  let state = 12345;
  const uniform = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296) * 2 - 1;
  const data = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  for (let i = 0; i < data.length; i += 3) {
    const noise = (uniform() + uniform() + uniform()) * sigma;
    data[i] = data[i]! + noise;
    data[i + 1] = data[i + 1]! + noise;
    data[i + 2] = data[i + 2]! + noise;
  }
}
