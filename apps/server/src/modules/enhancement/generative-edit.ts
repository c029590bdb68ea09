import {
  decodeImageBuffer,
  decodeToRgb,
  encodeForProvider,
  encodeRgbToJpeg,
  fitToOriginal,
} from '@hearth/image-engine';
import type { ProviderUsage, StagingProvider } from '../providers/provider';
import { changeZoneFor } from './change-zones';

/**
 * A staging edit by a generative provider, made fit for a listing: the photo goes out at ≤ 2048 px, and what
 * comes back (about one megapixel, in a shape of the vendor's choosing) is fitted to the original's exact size
 * and framing, keeps the original's pixels where the model changed nothing, and is checked for moved
 * architecture (decision 020).
 */

/** Longest side of the copy sent to the provider: vendors work at ~1 MP, and more only costs upload time. */
export const PROVIDER_INPUT_SIDE = 2048;

export interface GenerativeEditInput {
  /** The normalised, upright JPEG of the photo (the pipeline's preview). */
  inputPath: string;
  outputPath: string;
  /** The final prompt: the fixed rules, the template's prompt and the user's words. */
  prompt: string;
  /** Decides which rows the edit may change, for the structure check. */
  templateId: string | null;
  provider: StagingProvider;
  signal?: AbortSignal;
  limits?: StageLimits;
}

/** Runs a task when a slot is free (p-limit's shape). */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * A provider call is seconds to minutes of waiting between two bursts of CPU work (encoding the photo it is
 * sent, then fitting what comes back). Separate limits let a worker keep several calls in flight while the
 * CPU work around them stays within the cores (see workers.ts).
 */
export interface StageLimits {
  cpu: Limit;
  providerCalls: Limit;
}

const unlimited: Limit = (task) => task();

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
  };
}

export async function runGenerativeEdit(input: GenerativeEditInput): Promise<GenerativeEditResult> {
  const { cpu, providerCalls } = input.limits ?? { cpu: unlimited, providerCalls: unlimited };
  const sent = await cpu(() => encodeForProvider(input.inputPath, PROVIDER_INPUT_SIDE));
  const answer = await providerCalls(() =>
    input.provider.edit({
      image: sent.image,
      mimeType: 'image/jpeg',
      prompt: input.prompt,
      aspectRatio: sent.width / sent.height,
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
  return {
    width: fit.image.width,
    height: fit.image.height,
    engine: 'ai',
    operations,
    notes: [],
    needsReview: fit.structure.needsReview,
    reviewReason: fit.structure.reason ?? null,
    call: {
      provider: answer.provider,
      model: answer.model,
      requestId: answer.requestId ?? null,
      durationMs: Math.round(answer.durationMs),
      attempts: answer.attempts,
      usage: answer.usage ?? null,
    },
  };
}
