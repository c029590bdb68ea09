import {
  composeAreaEdit,
  decodeImageBuffer,
  decodeToRgb,
  encodeForProvider,
  encodeRgbToPngFile,
  makeThumbnailFromRgb,
  maskForProvider,
  readAreaMask,
} from '@hearth/image-engine';
import type { StagingProvider } from '../../infrastructure/ai-providers/provider';
import { changeZoneFor } from './change-zones';
import { callRecord, NO_LIMITS, type GenerativeEditResult, type StageLimits } from './generative-edit';

/**
 * An area edit (issue 13, decision 015): the base version goes to the provider with the painted area (to
 * models that take a mask; the others get the whole photo), and what comes back is fitted to the base and
 * blended into it only inside the area. The result is written as PNG, so every pixel outside the area decodes
 * to exactly the base version's.
 */

/** Said to every model after the agent's instruction: those without a mask see the whole photo. */
export const AREA_EDIT_PROMPT =
  'Change only what the instruction is about, inside the marked area; keep everything else in the photo exactly as it is.';

export interface AreaEditInput {
  /** The base version's stored result (JPEG, or PNG when it was itself an area edit). */
  basePath: string;
  baseType: 'jpeg' | 'png';
  /** The painted area as the browser sent it (checked when the edit was asked for). */
  mask: Buffer;
  outputPath: string;
  thumbnailPath: string;
  prompt: string;
  provider: StagingProvider;
  signal?: AbortSignal;
  limits?: StageLimits;
}

export async function runAreaEdit(input: AreaEditInput): Promise<GenerativeEditResult> {
  const { cpu, cpuBeforeCall, providerCalls } = input.limits ?? NO_LIMITS;
  // What the provider call waits for goes ahead of other CPU work (as for every generative edit).
  const { mask, sent, providerMask } = await cpuBeforeCall(async () => {
    const mask = await readAreaMask(input.mask);
    const sent = await encodeForProvider(input.basePath, (source) => input.provider.inputSide(source));
    return { mask, sent, providerMask: await maskForProvider(mask, sent.width, sent.height) };
  });
  const answer = await providerCalls(() =>
    input.provider.edit({
      image: sent.image,
      mimeType: 'image/jpeg',
      prompt: `${input.prompt}\n${AREA_EDIT_PROMPT}`,
      aspectRatio: sent.width / sent.height,
      targetSize: sent.source,
      signal: input.signal,
      mask: providerMask,
    }),
  );

  const composed = await cpu(async () => {
    const [base, result] = await Promise.all([
      decodeToRgb(input.basePath, input.baseType),
      decodeImageBuffer(answer.image),
    ]);
    const done = await composeAreaEdit(base, result, mask, { zone: changeZoneFor(null) });
    await Promise.all([
      encodeRgbToPngFile(done.image, input.outputPath),
      makeThumbnailFromRgb(done.image, input.thumbnailPath),
    ]);
    return done;
  });

  return {
    width: composed.image.width,
    height: composed.image.height,
    engine: 'ai',
    operations: ['generative-edit', 'area-edit', 'fit-to-original'],
    notes: [],
    needsReview: composed.structure.needsReview,
    reviewReason: composed.structure.reason ?? null,
    call: callRecord(answer, sent),
  };
}
