import {
  decodeImageBuffer,
  decodeToRgb,
  encodeForProvider,
  encodeRgbToJpeg,
  fitToOriginal,
} from '@hearth/image-engine';
import { answeredSmaller, sizeLabel } from '../../infrastructure/ai-providers/output-size';
import type {
  ImageEditResult,
  PixelSize,
  ProviderUsage,
  StagingProvider,
} from '../../infrastructure/ai-providers/provider';
import { changeZoneFor } from './change-zones';

/**
 * A staging edit by a generative provider, made fit for a listing: the photo goes out at the size the model
 * can use (its `inputSide`), the model is asked for the output size closest to the original, and what comes
 * back (whatever its size: vendors may answer 1K when asked for 2K) is fitted to the original's exact size
 * and framing, keeps the original's pixels where the model changed nothing, and is checked for moved
 * architecture (decision 020).
 */

export interface GenerativeEditInput {
  /** The normalised, upright JPEG of the photo (the pipeline's preview). */
  inputPath: string;
  outputPath: string;
  /** The final prompt: the fixed rules, the template's prompt and the user's words. */
  prompt: string;
  /** Decides which rows the edit may change, for the structure check. */
  templateId: string | null;
  provider: StagingProvider;
  /**
   * Images of the same room already staged (the room's accepted version, decision 111): each is sent after the
   * photo at the size the model can use, and the prompt says what they are for.
   */
  referencePaths?: string[];
  signal?: AbortSignal;
  limits?: StageLimits;
}

/**
 * What the prompt says about the references, after everything else: which image is edited, what to take from the
 * others (the furniture) and what not (their camera, walls and windows). Decision 111.
 */
export function furnitureReferenceInstruction(count: number): string {
  const which = count === 1 ? 'The second image shows' : `Images 2 to ${count + 1} show`;
  return (
    `Edit only the first image. ${which} this same room from another angle, already staged for the listing: ` +
    'it is a furniture reference. Use the same furniture pieces, decor, materials and colours where they would be ' +
    'visible from this angle, so the listing shows one consistently furnished room. Do not copy the reference’s ' +
    'camera angle, walls, windows, floor or lighting; keep this photo’s own architecture exactly as it is.'
  );
}

/** Runs a task when a slot is free (p-limit's shape). */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * A provider call is seconds to minutes of waiting between two bursts of CPU work (encoding the photo it is
 * sent, then fitting what comes back). Separate limits let a worker keep several calls in flight while the
 * CPU work around them stays within the cores (see enhancement/jobs.ts).
 */
export interface StageLimits {
  cpu: Limit;
  /** The same cores, ahead of other CPU work: what a provider call waits for, so no call slot sits idle. */
  cpuBeforeCall: Limit;
  providerCalls: Limit;
}

const unlimited: Limit = (task) => task();
/** No limits: a caller that runs one edit on its own (tests, benches). */
export const NO_LIMITS: StageLimits = { cpu: unlimited, cpuBeforeCall: unlimited, providerCalls: unlimited };

export interface GenerativeEditResult {
  width: number;
  height: number;
  engine: 'ai';
  operations: string[];
  notes: string[];
  needsReview: boolean;
  reviewReason: string | null;
  /** What the call was and cost, recorded with the photo. */
  call: {
    provider: string;
    model: string;
    requestId: string | null;
    durationMs: number;
    attempts: number;
    usage: ProviderUsage | null;
    resolution: ProviderResolution;
  };
}

/** The sizes of one provider call, recorded with the version: what went out, was asked for and came back. */
export interface ProviderResolution {
  sent: PixelSize;
  /** Null when the model takes only a shape (it answers at its one size). */
  requested: PixelSize | null;
  returned: PixelSize;
  /** The original's size, which the result was fitted to. */
  original: PixelSize;
}

export async function runGenerativeEdit(input: GenerativeEditInput): Promise<GenerativeEditResult> {
  const { cpu, cpuBeforeCall, providerCalls } = input.limits ?? NO_LIMITS;
  const sent = await cpuBeforeCall(() =>
    encodeForProvider(input.inputPath, (source) => input.provider.inputSide(source)),
  );
  const referencePaths = (input.referencePaths ?? []).slice(0, input.provider.maxReferences ?? 0);
  const references = await cpuBeforeCall(() =>
    Promise.all(
      referencePaths.map(async (referencePath) => {
        const encoded = await encodeForProvider(referencePath, (source) => input.provider.inputSide(source));
        return { image: encoded.image, mimeType: 'image/jpeg' as const };
      }),
    ),
  );
  const prompt = references.length
    ? `${input.prompt}\n\n${furnitureReferenceInstruction(references.length)}`
    : input.prompt;
  const answer = await providerCalls(() =>
    input.provider.edit({
      image: sent.image,
      mimeType: 'image/jpeg',
      prompt,
      ...(references.length ? { references } : {}),
      aspectRatio: sent.width / sent.height,
      targetSize: sent.source,
      signal: input.signal,
    }),
  );

  // Decoded only once the provider has answered: holding 24 MP of pixels through a two-minute call would
  // cost memory for nothing.
  const fit = await cpu(async () => {
    const [original, result] = await Promise.all([
      decodeToRgb(input.inputPath, 'jpeg'),
      decodeImageBuffer(answer.image),
    ]);
    const fitted = await fitToOriginal(original, result, { zone: changeZoneFor(input.templateId) });
    await encodeRgbToJpeg(fitted.image, input.outputPath);
    return fitted;
  });

  const operations = ['generative-edit', 'fit-to-original'];
  if (fit.preservedDetail) operations.push('original-detail-kept');
  const call = callRecord(answer, sent);
  return {
    width: fit.image.width,
    height: fit.image.height,
    engine: 'ai',
    operations,
    notes: resolutionNotes(answer.model, call.resolution),
    needsReview: fit.structure.needsReview,
    reviewReason: fit.structure.reason ?? null,
    call,
  };
}

/** What a version records of its provider call: who answered, how long it took, its cost, and the sizes. */
export function callRecord(
  answer: ImageEditResult,
  sent: { width: number; height: number; source: PixelSize },
): GenerativeEditResult['call'] {
  return {
    provider: answer.provider,
    model: answer.model,
    requestId: answer.requestId ?? null,
    durationMs: Math.round(answer.durationMs),
    attempts: answer.attempts,
    usage: answer.usage ?? null,
    resolution: {
      sent: { width: sent.width, height: sent.height },
      requested: answer.requestedSize ?? null,
      returned: { width: answer.width, height: answer.height },
      original: sent.source,
    },
  };
}

/** Says so when the vendor answered smaller than asked: the result was enlarged more than it should have been. */
function resolutionNotes(model: string, { requested, returned, original }: ProviderResolution): string[] {
  if (!requested || !answeredSmaller(requested, returned)) return [];
  return [
    `${model} was asked for ${sizeLabel(requested)} and answered ${sizeLabel(returned)}; it was fitted to the original's ${sizeLabel(original)}.`,
  ];
}
