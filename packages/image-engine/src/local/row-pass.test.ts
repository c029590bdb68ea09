import { describe, expect, it } from 'vitest';
import { planBlueSky } from './blue-sky';
import { applyPlans } from './parallel-pass';
import { buildRowEdits, type OperationPlans } from './plans';
import { planProfessionalEnhancement } from './professional-enhancement';
import { describePreview } from './preview';
import { applyRowEdits, snapshotRow } from './row-pass';
import { blueCastUnderexposedRoom, overcastExterior } from '../test-support/synthetic-photos';

function enhancementPlans(): OperationPlans {
  return { enhancement: planProfessionalEnhancement(describePreview(blueCastUnderexposedRoom(300, 200))) };
}

describe('the full-resolution pass', () => {
  it('gives the same pixels when split into bands with snapshots of their neighbouring rows', async () => {
    const whole = blueCastUnderexposedRoom(600, 400);
    const banded = { ...whole, data: Buffer.from(whole.data) };
    const plans = enhancementPlans();

    await applyRowEdits(whole, buildRowEdits(plans, 600, 400));
    const ranges = [
      { first: 0, end: 150, rowBelow: snapshotRow(banded, 150) },
      { first: 150, end: 400, rowAbove: snapshotRow(banded, 149) },
    ];
    // Run the lower band first, as a parallel worker might: the upper band must not see its edits.
    for (const range of ranges.reverse()) await applyRowEdits(banded, buildRowEdits(plans, 600, 400), range);

    expect(banded.data.equals(whole.data)).toBe(true);
  });

  it('gives the same pixels on worker threads as in this thread', async () => {
    // Over the size from which workers are used, with a JavaScript edit (the sky) in the pass, which is
    // what sends a pass to the workers.
    const image = overcastExterior(2000, 1100);
    const preview = describePreview(overcastExterior(300, 200));
    const plans: OperationPlans = { ...enhancementPlans(), sky: planBlueSky(preview)! };
    expect(plans.sky).toBeTruthy();
    const inThread = { ...image, data: Buffer.from(image.data) };
    await applyRowEdits(inThread, buildRowEdits(plans, image.width, image.height));

    const parallel = await applyPlans(image, plans);
    expect(parallel.data.buffer).toBeInstanceOf(SharedArrayBuffer); // the workers' frame
    expect(Buffer.from(parallel.data).equals(inThread.data)).toBe(true);
  }, 60_000);

  it('runs an enhancement-only pass in this thread, on the frame itself', async () => {
    const image = blueCastUnderexposedRoom(2000, 1100);
    const expected = { ...image, data: Buffer.from(image.data) };
    await applyRowEdits(expected, buildRowEdits(enhancementPlans(), image.width, image.height));

    const edited = await applyPlans(image, enhancementPlans());
    expect(edited.data).toBe(image.data);
    expect(edited.data.equals(expected.data)).toBe(true);
  });
});
