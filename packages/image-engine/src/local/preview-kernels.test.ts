import { describe, expect, it } from 'vitest';
import { decodePreview, type RgbImage } from '../codecs/image-codec';
import { boxBlur } from '../fit-to-original/raster';
import { nativeKernels, withJavaScriptKernels } from '../native/kernels';
import { fixturePhotoPath, type FixturePhoto } from '../test-support/fixtures';
import { blueCastUnderexposedRoom } from '../test-support/synthetic-photos';
import { planBlueSky } from './blue-sky';
import { enhanceRgbNatively } from './native-pass';
import { planPerfectLawn } from './perfect-lawn';
import { guidedSmooth, percentiles } from './planes';
import { buildRowEdits } from './plans';
import { describePreview, halveImage, PREVIEW_SIZE } from './preview';
import { nativePassPlan, planProfessionalEnhancement } from './professional-enhancement';
import { applyRowEdits } from './row-pass';

// The preview analysis's C loops (native/preview-kernels.c) against their JavaScript twins: the same values, to
// the bit, on the committed photos and a synthetic one, so that the plan is the same whichever runs.
const PHOTOS: FixturePhoto[] = ['furnished-interior.jpg', 'empty-interior.jpg', 'exterior.jpg'];

const previewOf = (name: FixturePhoto) => decodePreview(fixturePhotoPath(name), 'jpeg', PREVIEW_SIZE);

/**
 * `work` once with the C loops and once with the JavaScript twins, each answer with its typed arrays as their
 * bytes (so that the comparison is of every bit, and quick).
 */
function both<T>(work: () => T): { c: unknown; js: unknown } {
  return { c: asBytes(work()), js: asBytes(withJavaScriptKernels(work)) };
}

function asBytes(value: unknown): unknown {
  if (ArrayBuffer.isView(value))
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (Array.isArray(value)) return value.map(asBytes);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asBytes(v)]));
  return value;
}

describe('the preview analysis in C', () => {
  it('is built and loaded (the unit suite requires it, so CI cannot lose it silently)', () => {
    expect(nativeKernels()).toBeDefined();
    expect(withJavaScriptKernels(() => nativeKernels())).toBeUndefined();
  });

  it.each(PHOTOS)('halves and describes %s as the JavaScript does', async (name) => {
    const small = await previewOf(name);
    const halved = both(() => halveImage(small));
    expect(halved.c).toEqual(halved.js);
    const described = both(() => describePreview(small));
    expect(described.c).toEqual(described.js);
  });

  it('halves an odd-sized picture and a one-pixel one as the JavaScript does', () => {
    for (const [width, height] of [
      [7, 5],
      [1, 1],
      [1, 4],
    ] as const) {
      const image: RgbImage = {
        data: Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 37) % 256)),
        width,
        height,
      };
      const halved = both(() => halveImage(image));
      expect(halved.c).toEqual(halved.js);
    }
  });

  it.each(PHOTOS)(
    'plans Professional Enhancement, Blue Sky and Perfect Lawn on %s as the JavaScript does',
    async (name) => {
      const small = await previewOf(name);
      const enhancement = both(() => planProfessionalEnhancement(describePreview(halveImage(small))));
      expect(enhancement.c).toEqual(enhancement.js);
      const sky = both(() => planBlueSky(describePreview(small)));
      expect(sky.c).toEqual(sky.js);
      const lawn = both(() => planPerfectLawn(describePreview(small)));
      expect(lawn.c).toEqual(lawn.js);
    },
  );

  it('plans a strongly cast, underexposed room as the JavaScript does', () => {
    const small = blueCastUnderexposedRoom(640, 427);
    const plan = both(() => planProfessionalEnhancement(describePreview(halveImage(small))));
    expect(plan.c).toEqual(plan.js);
  });

  it('blurs and smooths planes as the JavaScript does, at every radius up to past the plane', () => {
    const width = 37;
    const height = 23;
    const data = Float32Array.from(
      { length: width * height },
      (_, i) => Math.sin(i * 0.37) * 0.5 + ((i * 7) % 11) / 11,
    );
    for (const radius of [0, 1, 2, 5, 30, 60]) {
      const blurred = both(() => boxBlur({ data, width, height }, radius));
      expect(blurred.c).toEqual(blurred.js);
      const smoothed = both(() => guidedSmooth({ values: data, width, height }, radius, 0.012));
      expect(smoothed.c).toEqual(smoothed.js);
    }
  });

  it('finds percentiles as the JavaScript does, for constant, empty and spread values', () => {
    const fractions = [0, 0.005, 0.2, 0.5, 0.98, 0.995, 1];
    for (const values of [
      new Float32Array(0),
      new Float32Array(50).fill(3.25),
      Float32Array.from({ length: 10_001 }, (_, i) => Math.cos(i) * 1000),
    ]) {
      const found = both(() => percentiles(values, fractions));
      expect(found.c).toEqual(found.js);
    }
  });

  it.each(PHOTOS)("enhances %s's preview in memory byte for byte as the WebAssembly row pass does", async (name) => {
    const small = await previewOf(name);
    const plan = planProfessionalEnhancement(describePreview(halveImage(small)));
    const native = enhanceRgbNatively(small, nativePassPlan(plan, small.width, small.height));
    const copy: RgbImage = { data: Buffer.from(small.data), width: small.width, height: small.height };
    await applyRowEdits(copy, buildRowEdits({ enhancement: plan }, copy.width, copy.height));
    expect(native!.data.equals(copy.data)).toBe(true);
    expect(native!.data.equals(small.data)).toBe(false); // the pass changed it, and left its input alone
  });

  it('refuses arrays whose sizes do not agree, having written nothing', () => {
    const kernels = nativeKernels()!;
    const out = new Uint8Array(12);
    expect(() => kernels.halveImage(new Uint8Array(30), 4, 3, out)).toThrow(TypeError);
    expect(out.every((byte) => byte === 0)).toBe(true);
    const plane = new Float32Array(12);
    expect(() => kernels.boxBlur(plane, 4, 4, 1, new Float32Array(12))).toThrow(TypeError);
    expect(() => kernels.guidedSmooth(plane, 4, 3, 1, 0.01, new Float32Array(11))).toThrow(TypeError);
    expect(() => kernels.percentiles(plane, new Float64Array(2), new Float64Array(3))).toThrow(TypeError);
    const channel = new Float32Array(4);
    expect(() =>
      kernels.neutralSums(channel, channel, channel, new Float32Array(5), channel, 0.2, new Float64Array(4)),
    ).toThrow(TypeError);
    expect(() => kernels.tonedLuma(channel, channel, channel, channel, new Float32Array(256), channel)).toThrow(
      TypeError,
    );
  });
});
