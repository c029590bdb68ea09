import { describe, expect, it } from 'vitest';
import { EnhancementKernel, enhanceRowInJs, HIGH_PASS_RANGE, type PixelTables } from './enhancement-kernel';
import { createPlane, RowSampler } from './planes';
import { PAD } from './row-pass';
import { noiseSource } from '../test-support/synthetic-photos';

/** Tables as pixelTables makes them, from random but plausible curves, vibrance and sharpening. */
function randomTables(random: () => number): PixelTables {
  const curve = () => {
    const gamma = 0.6 + random() * 0.3;
    return Int32Array.from({ length: 256 }, (_, v) => Math.round(255 * (v / 255) ** gamma * 16));
  };
  const amount = 0.08 + random() * 0.27;
  return {
    red: curve(),
    green: curve(),
    blue: curve(),
    vibrance: Int32Array.from({ length: 256 }, (_, chroma) =>
      Math.round(amount * Math.min(1, 0.5 + chroma / 40) * Math.max(0, 1 - chroma / 160) ** 1.5 * 256),
    ),
    sharpening: Int32Array.from({ length: 2 * HIGH_PASS_RANGE + 1 }, (_, index) => {
      const highPass = index - HIGH_PASS_RANGE;
      return Math.round(Math.sign(highPass) * Math.max(0, Math.abs(highPass) - 8) * 0.1 * 16);
    }),
  };
}

/** A frame of random pixels: noise, saturated colours, skin and wood tones, blacks and whites. */
function randomFrame(width: number, height: number, random: () => number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  const byte = () => Math.floor((random() + 1) * 128) & 255;
  for (let i = 0; i < data.length; i += 3) {
    const kind = Math.floor((random() + 1) * 2.5);
    const base = byte();
    const colour =
      kind === 0
        ? [byte(), byte(), byte()]
        : kind === 1
          ? [base, base * 0.75, base * 0.5] // skin, wood: red over green over blue
          : kind === 2
            ? [base, base + random() * 6, base - random() * 6] // near grey
            : kind === 3
              ? [255, 255, 255]
              : [0, byte() >> 2, 0];
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, Math.round(colour[c]!)));
  }
  return data;
}

/** Both implementations over the same rows, as the row pass hands them over (padded copies). */
function enhanceBothWays(width: number, height: number, seed: number, rowOrder: number[]) {
  const random = noiseSource(seed);
  const tables = randomTables(random);
  const gainPlane = createPlane(Math.max(1, width >> 3), Math.max(1, height >> 3));
  gainPlane.values.forEach((_, i) => (gainPlane.values[i] = (0.8 + (random() + 1) * 0.6) * 256));
  const frame = randomFrame(width, height, random);
  const stride = width * 3;
  const padded = (y: number) => {
    const clamped = Math.min(height - 1, Math.max(0, y));
    const row = new Uint8Array(stride + 2 * PAD);
    row.set(frame.subarray(clamped * stride, (clamped + 1) * stride), PAD);
    row.copyWithin(0, PAD, PAD + 3);
    row.copyWithin(PAD + stride, PAD + stride - 3, PAD + stride);
    return row;
  };
  const sampler = new RowSampler(gainPlane, width, height);
  const kernel = new EnhancementKernel(tables, width, sampler);
  const inJs = new Uint8ClampedArray(frame.length);
  const inWasm = new Uint8ClampedArray(frame.length);
  const gainRow = new Float32Array(width);
  for (const y of rowOrder) {
    const [above, original, below] = [padded(y - 1), padded(y), padded(y + 1)];
    sampler.sampleRow(y, gainRow);
    enhanceRowInJs(tables, gainRow, width, inJs, y * stride, original, above, below);
    kernel.enhanceRow(y, sampler.blendRow(y), inWasm, y * stride, original, above, below);
  }
  return { inJs: Buffer.from(inJs.buffer), inWasm: Buffer.from(inWasm.buffer) };
}

describe('the WebAssembly enhancement kernel', () => {
  it.each([1, 2, 3, 4, 5, 7, 8, 13, 64, 643])(
    'gives the same bytes as the JavaScript loop, %i pixels wide',
    (width) => {
      const height = 9;
      const rows = Array.from({ length: height }, (_, y) => y);
      const { inJs, inWasm } = enhanceBothWays(width, height, width * 7 + 1, rows);
      expect(inWasm.equals(inJs)).toBe(true);
    },
  );

  it('gives the same bytes when rows come out of order (a new band, another pass)', () => {
    const { inJs, inWasm } = enhanceBothWays(101, 12, 5, [6, 7, 8, 0, 1, 11, 3, 4, 5, 2, 9, 10]);
    expect(inWasm.equals(inJs)).toBe(true);
  });

  it('changes the pixels (the comparison is not between two untouched frames)', () => {
    const { inJs } = enhanceBothWays(64, 4, 3, [0, 1, 2, 3]);
    expect(inJs.some((value) => value !== 0)).toBe(true);
  });
});
