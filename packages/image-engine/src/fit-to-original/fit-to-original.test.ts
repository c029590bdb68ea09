import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RgbImage } from '../codecs/image-codec';
import { EYE_LEVEL, GROUND_LEVEL, NOTHING_STRUCTURAL } from './change-zones';
import { fitToOriginal } from './fit-to-original';
import { STRUCTURE, STRUCTURE_REVIEW_REASON } from './structure';
import { CALIBRATION_CASES, loadFixture, type Fixture } from '../test-support/calibration-cases';
import {
  addFurniture,
  copyImage,
  drawWindow,
  EMPTY_ROOM,
  simulateProvider,
  type Box,
} from '../test-support/room-edits';

// Each case registers and composes a 1600×1067 photo: seconds on a shared CPU.
vi.setConfig({ testTimeout: 60_000 });

let fixtures: Record<Fixture, RgbImage>;

beforeAll(async () => {
  fixtures = {
    'empty-interior': await loadFixture('empty-interior'),
    'furnished-interior': await loadFixture('furnished-interior'),
    exterior: await loadFixture('exterior'),
  };
});

/** Mean absolute difference per channel inside a box (fractions of the frame). */
function meanDifference(a: RgbImage, b: RgbImage, box: Box = { left: 0, top: 0, right: 1, bottom: 1 }) {
  let sum = 0;
  let n = 0;
  for (let y = Math.round(box.top * a.height); y < Math.round(box.bottom * a.height); y++) {
    for (let x = Math.round(box.left * a.width); x < Math.round(box.right * a.width); x++) {
      for (let c = 0; c < 3; c++)
        sum += Math.abs(a.data[(y * a.width + x) * 3 + c]! - b.data[(y * b.width + x) * 3 + c]!);
      n += 3;
    }
  }
  return sum / n;
}

describe('bringing a result back to the original frame', () => {
  // The room is 1600×1067 (3:2). Each provider shape and reshaping, and where the result must land.
  const cases = [
    {
      width: 1248,
      height: 832,
      framing: 'stretched' as const,
      expect: { framing: 'same-shape', scaleX: 1600 / 1248, offsetX: 0, offsetY: 0 },
    },
    {
      width: 1344,
      height: 768,
      framing: 'stretched' as const,
      expect: { framing: 'stretched', scaleX: 1600 / 1344, offsetX: 0, offsetY: 0 },
    },
    {
      width: 1024,
      height: 1024,
      framing: 'cropped' as const,
      expect: { framing: 'cropped', scaleX: 1067 / 1024, offsetX: 266, offsetY: 0 },
    },
    {
      width: 1344,
      height: 768,
      framing: 'padded' as const,
      expect: { framing: 'padded', scaleX: 1067 / 768, offsetX: -133, offsetY: 0 },
    },
  ];

  for (const { width, height, framing, expect: expected } of cases) {
    it(`undoes a ${width}×${height} ${framing} answer without stretching the room`, async () => {
      const original = fixtures['empty-interior'];
      const result = await simulateProvider(original, { width, height, framing, gain: 1.03, offset: -2 });
      const fit = await fitToOriginal(original, result, { zone: EYE_LEVEL });

      expect([fit.image.width, fit.image.height]).toEqual([1600, 1067]);
      expect(fit.alignment.framing).toBe(expected.framing);
      const { mapping } = fit.alignment;
      // Within 1% in scale and 8 px (0.5% of the frame) in position.
      expect(Math.abs(mapping.scaleX / expected.scaleX - 1)).toBeLessThan(0.01);
      if (expected.framing !== 'stretched') expect(Math.abs(mapping.scaleY / mapping.scaleX - 1)).toBeLessThan(0.01);
      expect(Math.abs(mapping.offsetX - expected.offsetX)).toBeLessThan(8);
      expect(Math.abs(mapping.offsetY - expected.offsetY)).toBeLessThan(8);
      // Nothing was edited, so the photo is the original's, pixel for pixel almost everywhere.
      expect(fit.keptOriginalFraction).toBeGreaterThan(0.95);
      expect(meanDifference(fit.image, original)).toBeLessThan(1.5);
      expect(fit.structure.needsReview).toBe(false);
    });
  }
});

describe('keeping the original detail where the model left the room alone', () => {
  it("takes the original's pixels for walls and window and the model's for the furniture, tone-matched", async () => {
    const original = fixtures['empty-interior'];
    const staged = addFurniture(original);
    const result = await simulateProvider(staged, {
      width: 1248,
      height: 832,
      framing: 'stretched',
      gain: 1.06,
      offset: -4,
    });
    const fit = await fitToOriginal(original, result, { zone: EYE_LEVEL });

    // The window (above the armchair) and the ceiling are the original's own full-resolution pixels.
    expect(meanDifference(fit.image, original, { ...EMPTY_ROOM.window, bottom: 0.5 })).toBeLessThan(0.05);
    expect(meanDifference(fit.image, original, { left: 0.3, top: 0.02, right: 0.7, bottom: 0.2 })).toBeLessThan(0.05);
    // The sofa comes from the model, brought back to the original's exposure: close to the staged photo.
    const sofa = { left: 0.47, top: 0.55, right: 0.6, bottom: 0.62 };
    expect(meanDifference(fit.image, staged, sofa)).toBeLessThan(6);
    expect(meanDifference(fit.image, original, sofa)).toBeGreaterThan(15);
    expect(fit.tone.gain[1]).toBeCloseTo(1 / 1.06, 1);
    expect(fit.keptOriginalFraction).toBeGreaterThan(0.75);
    expect(fit.keptOriginalFraction).toBeLessThan(0.95);
    expect(fit.preservedDetail).toBe(true);
  });

  it('is sharper than the upscaled model where the room is unchanged', async () => {
    const original = fixtures['exterior'];
    const result = await simulateProvider(original, { width: 1248, height: 832, framing: 'stretched' });
    const fit = await fitToOriginal(original, result, { zone: GROUND_LEVEL, preserveDetail: false });
    const kept = await fitToOriginal(original, result, { zone: GROUND_LEVEL });
    const house = { left: 0.3, top: 0.42, right: 0.7, bottom: 0.66 };
    expect(meanDifference(kept.image, original, house)).toBe(0);
    expect(meanDifference(fit.image, original, house)).toBeGreaterThan(1);
  });

  it('uses the model whole when it changed most of the frame (a global edit such as twilight)', async () => {
    const original = fixtures['exterior'];
    const dusk = copyImage(original);
    for (let i = 0; i < dusk.data.length; i += 3) {
      dusk.data[i] = Math.round(dusk.data[i]! * 0.35);
      dusk.data[i + 1] = Math.round(dusk.data[i + 1]! * 0.4);
      dusk.data[i + 2] = Math.min(255, Math.round(dusk.data[i + 2]! * 0.6 + 40));
    }
    const result = await simulateProvider(dusk, { width: 1248, height: 832, framing: 'stretched' });
    // Twilight's zone (apps/server's changeZoneFor maps the template to it).
    const fit = await fitToOriginal(original, result, { zone: NOTHING_STRUCTURAL });
    expect(fit.preservedDetail).toBe(false);
    expect(meanDifference(fit.image, dusk)).toBeLessThan(4);
    expect(fit.structure.needsReview).toBe(false);
  });

  it('keeps the original in the margins a cropping provider did not return', async () => {
    const original = fixtures['furnished-interior'];
    const result = await simulateProvider(original, { width: 1024, height: 1024, framing: 'cropped' });
    const fit = await fitToOriginal(original, result, { zone: EYE_LEVEL });
    const leftMargin = { left: 0, top: 0, right: 0.15, bottom: 1 };
    expect(meanDifference(fit.image, original, leftMargin)).toBe(0);
    expect(fit.alignment.coverage).toBeCloseTo(1067 / 1600, 2);
  });
});

describe('the structure check', () => {
  it('flags a result that is not the photo at all', async () => {
    const original = fixtures['empty-interior'];
    const unrelated = await simulateProvider(fixtures.exterior, { width: 1248, height: 832, framing: 'stretched' });
    const fit = await fitToOriginal(original, unrelated, { zone: EYE_LEVEL });
    expect(fit.structure).toMatchObject({ needsReview: true, reason: STRUCTURE_REVIEW_REASON });
  });

  // The calibration cases (decision 020), through a Gemini-shaped 3:2 answer with a tone shift.
  for (const testCase of CALIBRATION_CASES) {
    it(`${testCase.expected === 'flag' ? 'flags' : 'passes'}: ${testCase.name}`, async () => {
      const original = fixtures[testCase.fixture];
      const edited = testCase.edit(original, fixtures);
      const result = await simulateProvider(edited, {
        width: 1248,
        height: 832,
        framing: 'stretched',
        gain: 1.04,
        offset: -3,
      });
      const fit = await fitToOriginal(original, result, { zone: testCase.zone });
      expect(fit.structure.needsReview).toBe(testCase.expected === 'flag');
      if (testCase.expected === 'flag') {
        expect(fit.structure.score).toBeGreaterThan(STRUCTURE.threshold * 1.5);
        expect(fit.structure.reason).toBe(STRUCTURE_REVIEW_REASON);
      } else {
        expect(fit.structure.score).toBeLessThan(STRUCTURE.threshold / 2);
      }
    });
  }

  it('ignores changes confined to the zone the template may change', async () => {
    const original = fixtures['empty-interior'];
    // A window drawn entirely below eye level (a mirror on the floor, say) is the template's business.
    const edited = copyImage(original);
    const lowBox = { left: 0.44, top: 0.62, right: 0.58, bottom: 0.8 };
    drawWindow(edited, lowBox);
    const result = await simulateProvider(edited, { width: 1248, height: 832, framing: 'stretched' });
    expect((await fitToOriginal(original, result, { zone: EYE_LEVEL })).structure.needsReview).toBe(false);
    expect((await fitToOriginal(original, result, { zone: NOTHING_STRUCTURAL })).structure.needsReview).toBe(true);
  });
});

describe('a region of the frame', () => {
  it('is made exactly as the same rectangle of the whole fitted photo', async () => {
    const original = fixtures['empty-interior'];
    const answer = await simulateProvider(addFurniture(original), { width: 1248, height: 832, framing: 'stretched' });
    const zone = NOTHING_STRUCTURAL;
    const whole = await fitToOriginal(original, answer, { zone });
    const region = { left: 301, top: 150, width: 517, height: 333 };
    const part = await fitToOriginal(original, answer, { zone, region });
    expect([part.image.width, part.image.height]).toEqual([region.width, region.height]);
    const rowBytes = region.width * 3;
    for (let y = 0; y < region.height; y++) {
      const start = ((region.top + y) * original.width + region.left) * 3;
      const expected = whole.image.data.subarray(start, start + rowBytes);
      expect(part.image.data.subarray(y * rowBytes, (y + 1) * rowBytes).equals(expected), `row ${y}`).toBe(true);
    }
  });
});
