/**
 * What the pipeline needs from a generative image model, whoever sells it: one photo and one instruction
 * in, one edited photo out, with what the call cost. Each vendor's adapter (adapters/ai-*.ts) implements
 * it and is the only file that knows that vendor's API.
 */

export const PROVIDER_IDS = ['gemini', 'openai', 'bfl'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_NAMES: Record<ProviderId, string> = {
  gemini: 'Google Gemini',
  openai: 'OpenAI',
  bfl: 'Black Forest Labs FLUX',
};

export type ImageMimeType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface PixelSize {
  width: number;
  height: number;
}

export interface ImageEditRequest {
  /** The photo, already oriented and stripped of metadata (the pipeline's normalised JPEG). */
  image: Buffer;
  mimeType: ImageMimeType;
  /** The final prompt: system rules, template and the user's own words. */
  prompt: string;
  /** Width divided by height of `image`; each adapter asks its vendor for the closest shape it offers. */
  aspectRatio: number;
  /**
   * The original photo's size, which the result is fitted back to: each adapter asks for the output size its
   * model offers that is closest to it (models that take only a shape answer at their one size).
   */
  targetSize: PixelSize;
  /**
   * Other images sent after the photo, as references (issue 13: the room's accepted staging, whose furniture the
   * edit should repeat). Each adapter sends as many as its model takes (`maxReferences`) and the prompt says what
   * they are for.
   */
  references?: { image: Buffer; mimeType: ImageMimeType }[];
  /** Aborts the call: the per-call timeout, or the job being cancelled. */
  signal?: AbortSignal;
  /**
   * An area edit's painted area at `image`'s size (decision 015), in the two forms vendors take: `white` a
   * greyscale PNG, white where the edit may change (BFL's fill); `clear` an RGBA PNG, transparent there
   * (OpenAI's image edits). Models without a mask (Gemini) are sent the whole photo; the composite confines
   * the change either way.
   */
  mask?: { white: Buffer; clear: Buffer };
}

export interface ProviderUsage {
  inputTokens?: number;
  outputTokens?: number;
  /** What the call cost in US dollars, as reported by the vendor or computed from its published prices. */
  costUsd?: number;
}

export interface ImageEditResult {
  image: Buffer;
  mimeType: ImageMimeType;
  /** Pixel size of `image`, read from its header. */
  width: number;
  height: number;
  /** The model that answered, as the vendor names it. */
  model: string;
  /** Wall time of the successful attempt, from sending the request to holding the image. */
  durationMs: number;
  /** The vendor's id for the call, to quote to its support. */
  requestId?: string;
  usage?: ProviderUsage;
  /** Which vendor answered: with a fallback order this may not be the first one configured. */
  provider: ProviderId;
  /** Attempts made, including the successful one (each may have been billed by the vendor). */
  attempts: number;
  /**
   * The output size asked for, when the model takes one (a size, or a shape at a named resolution such as
   * Gemini's 2K). Compared with `width`×`height`: vendors may answer smaller than asked without saying so.
   */
  requestedSize?: PixelSize;
}

/** What an adapter returns; the wrappers add `provider` and `attempts`. */
export type AdapterEditResult = Omit<ImageEditResult, 'provider' | 'attempts'>;

export interface ImageEditProvider {
  readonly id: ProviderId;
  readonly model: string;
  /**
   * The longest side worth sending for a photo that will be fitted back to `target`: what the model can use
   * (its largest output, its input limits), so detail is not thrown away before the call, nor megabytes
   * uploaded that the model would shrink anyway.
   */
  inputSide(target: PixelSize): number;
  /** How many reference images the model takes besides the photo (decisions 022–024); 0 or undefined: none. */
  readonly maxReferences?: number;
  /** Whether the model takes an area edit's mask (`ImageEditRequest.mask`); the others are sent the whole photo. */
  readonly takesMask?: boolean;
  edit(request: ImageEditRequest): Promise<AdapterEditResult>;
}

/** A provider stack ready for the pipeline: retried, rate-limited and with its fallbacks. */
export interface StagingProvider {
  /** The provider tried first, and its model: what the templates endpoint reports. */
  readonly id: ProviderId;
  readonly model: string;
  /** The first provider's `inputSide`: the photo is encoded once, for the provider tried first. */
  inputSide(target: PixelSize): number;
  /** The first provider's `maxReferences`: whether the room's furniture reference is worth sending. */
  readonly maxReferences?: number;
  /**
   * Whether any provider of the stack, fallbacks included, takes a mask: an area edit makes the mask only then
   * (about 25 ms of CPU before the call, for nothing when only Gemini is configured).
   */
  readonly takesMask?: boolean;
  edit(request: ImageEditRequest): Promise<ImageEditResult>;
}
