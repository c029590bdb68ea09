import type * as OpenAiSdk from 'openai';
import type { ImagesResponse } from 'openai/resources/images';
import { closestShape, shapesOf } from '../infrastructure/ai-providers/aspect-ratio';
import type { ProviderSettings } from '../infrastructure/ai-providers/config';
import {
  errorForHttpStatus,
  excerpt,
  isAbortError,
  parseRetryAfter,
  ProviderBadResponseError,
  ProviderOutOfCreditError,
  ProviderRefusedError,
  ProviderUnavailableError,
} from '../infrastructure/ai-providers/errors';
import { freeOutputSize, type FreeSizeLimits } from '../infrastructure/ai-providers/output-size';
import type {
  ImageEditProvider,
  ImageEditRequest,
  PixelSize,
  ProviderUsage,
} from '../infrastructure/ai-providers/provider';
import { inspectResultImage } from '../infrastructure/ai-providers/result-image';

/**
 * OpenAI image edits (`POST /images/edits`, multipart) through the openai SDK, the only file that imports
 * it. The base URL is configurable, so OpenAI-compatible servers (self-hosted, proxies) work the same way.
 * The SDK's own retries are off: withRetries (providers/retry.ts) owns retries and the rate limit.
 */

/** The sizes every GPT image model accepts; the one closest to the photo's shape is asked for. */
export const OPENAI_SIZES = shapesOf(['1024x1024', '1536x1024', '1024x1536']);

/**
 * gpt-image-2 takes any size within these limits (image generation guide): each side a multiple of 16, the
 * longer at most 3840 px, at most 3:1, from 655,360 to 8,294,400 pixels.
 */
export const GPT_IMAGE_2_LIMITS: FreeSizeLimits = {
  maxSide: 3840,
  maxPixels: 8_294_400,
  minPixels: 655_360,
  multiple: 16,
  maxElongation: 3,
};
const takesAnySize = (model: string) => model.startsWith('gpt-image-2');

/** Error codes OpenAI uses when its safety system refuses a request. */
const REFUSAL_CODES = new Set(['moderation_blocked', 'content_policy_violation', 'image_content_policy_violation']);

/** Prices per million tokens (platform.openai.com/docs/pricing): text in, image in, image out. */
const PRICES_PER_MILLION: Record<string, { textIn: number; imageIn: number; out: number }> = {
  'gpt-image-1': { textIn: 5, imageIn: 10, out: 40 },
  'gpt-image-1.5': { textIn: 5, imageIn: 8, out: 32 },
  'gpt-image-2': { textIn: 5, imageIn: 8, out: 30 },
};

/** What to ask for: the original's shape and resolution within gpt-image-2's limits, else the closest fixed size. */
export function openAiOutputSize(model: string, aspectRatio: number, target: PixelSize): PixelSize {
  if (takesAnySize(model)) return freeOutputSize(target, GPT_IMAGE_2_LIMITS);
  const [width, height] = closestShape(aspectRatio, OPENAI_SIZES).label.split('x').map(Number) as [number, number];
  return { width, height };
}

/** gpt-image-2 edits at the size it makes (up to 3840 px); the others at about 1 MP, for which 2048 px is plenty. */
const MAX_INPUT_SIDE_FIXED = 2048;

/** Only GPT image models know these parameters; a compatible server running something else may refuse them. */
const isGptImageModel = (model: string) => model.startsWith('gpt-image-');

/** The SDK is loaded on the first call: a server that never calls OpenAI never holds it in memory. */
let sdk: Promise<typeof OpenAiSdk> | undefined;
const loadSdk = () => (sdk ??= import('openai'));

export function createOpenAiProvider(settings: ProviderSettings): ImageEditProvider {
  let client: OpenAiSdk.OpenAI | undefined;
  const connect = (openai: typeof OpenAiSdk) =>
    (client ??= new openai.OpenAI({
      apiKey: settings.apiKey,
      baseURL: settings.baseUrl,
      maxRetries: 0,
      // withRetries aborts each attempt at the configured timeout; the SDK's own must not fire first.
      timeout: 900_000,
    }));
  const provider = 'openai' as const;

  return {
    id: provider,
    model: settings.model,
    // GPT image edits take up to 16 images, the first the one edited; other models edit one image.
    maxReferences: isGptImageModel(settings.model) ? 15 : 0,
    takesMask: true,
    inputSide(target) {
      if (!takesAnySize(settings.model)) return MAX_INPUT_SIDE_FIXED;
      const size = freeOutputSize(target, GPT_IMAGE_2_LIMITS);
      return Math.max(MAX_INPUT_SIDE_FIXED, size.width, size.height);
    },
    async edit(request) {
      const started = performance.now();
      const requestedSize = openAiOutputSize(settings.model, request.aspectRatio, request.targetSize);
      const size = `${requestedSize.width}x${requestedSize.height}`;
      const extension = request.mimeType === 'image/png' ? 'png' : request.mimeType === 'image/webp' ? 'webp' : 'jpg';
      const gptImage = isGptImageModel(settings.model);

      const openai = await loadSdk();
      const { toFile } = openai;
      let body: ImagesResponse;
      let requestId: string | undefined;
      try {
        const response = await connect(openai)
          .images.edit(
            {
              model: settings.model,
              image: await imagesFor(request, extension, isGptImageModel(settings.model) ? 15 : 0, toFile),
              // An area edit: the transparent pixels are where the model may change the photo (the first image).
              ...(request.mask && { mask: await toFile(request.mask.clear, 'mask.png', { type: 'image/png' }) }),
              prompt: request.prompt,
              n: 1,
              size,
              ...(gptImage && {
                // Keeps the room's own detail and geometry closer to the input. gpt-image-2 always works at high
                // fidelity and takes no such parameter; gpt-image-1-mini has none.
                ...(settings.model !== 'gpt-image-1-mini' &&
                  !takesAnySize(settings.model) && { input_fidelity: 'high' as const }),
                output_format: 'jpeg' as const,
                output_compression: 95,
              }),
            },
            { signal: request.signal },
          )
          .withResponse();
        body = response.data;
        requestId = response.request_id ?? undefined;
      } catch (error) {
        throw translateError(error, openai);
      }

      if (!body || typeof body !== 'object' || !Array.isArray(body.data)) {
        throw new ProviderBadResponseError({ provider, detail: 'OpenAI answered without a data array', status: 200 });
      }
      const first = body.data[0];
      let image: Buffer;
      if (first?.b64_json) {
        image = Buffer.from(first.b64_json, 'base64');
      } else if (first?.url) {
        // dall-e-2 and some compatible servers answer with a short-lived URL instead of the bytes.
        image = await download(first.url, request.signal);
      } else {
        throw new ProviderBadResponseError({ provider, detail: 'OpenAI answered without an image', status: 200 });
      }
      const { width, height, mimeType } = await inspectResultImage(provider, image);
      return {
        image,
        mimeType,
        width,
        height,
        model: settings.model,
        durationMs: performance.now() - started,
        requestId,
        usage: usageOf(body, settings.model),
        requestedSize,
      };
    },
  };

  async function download(url: string, signal: AbortSignal | undefined): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(url, { signal });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ProviderUnavailableError({
        provider,
        detail: `Fetching the result failed: ${(error as Error).message}`,
      });
    }
    if (!response.ok) {
      throw new ProviderBadResponseError({ provider, detail: `Fetching the result: HTTP ${response.status}` });
    }
    return Buffer.from(await response.arrayBuffer());
  }

  function translateError(
    error: unknown,
    { APIConnectionTimeoutError, APIError, APIUserAbortError }: typeof OpenAiSdk,
  ) {
    if (error instanceof APIUserAbortError || isAbortError(error)) return error;
    if (error instanceof APIConnectionTimeoutError || (error instanceof APIError && error.status === undefined)) {
      return new ProviderUnavailableError({
        provider,
        detail: `OpenAI connection failed: ${error.message}`,
        cause: error,
      });
    }
    if (error instanceof APIError) {
      const status = error.status!;
      const detail = `OpenAI HTTP ${status}${error.code ? ` ${error.code}` : ''}: ${excerpt(error.message)}${error.requestID ? ` (request ${error.requestID})` : ''}`;
      const options = { provider, detail, status, cause: error };
      if (error.code && REFUSAL_CODES.has(error.code)) return new ProviderRefusedError(options);
      // A 429 is either "slow down" (retry) or "no credit left" (do not).
      if (error.code === 'insufficient_quota' || error.code === 'billing_hard_limit_reached') {
        return new ProviderOutOfCreditError(options);
      }
      return errorForHttpStatus(status, { ...options, retryAfterMs: parseRetryAfter(error.headers) });
    }
    if (error instanceof SyntaxError) {
      return new ProviderBadResponseError({ provider, detail: `OpenAI's answer is not JSON: ${error.message}` });
    }
    return new ProviderUnavailableError({ provider, detail: `OpenAI request failed: ${(error as Error).message}` });
  }
}

function usageOf(body: ImagesResponse, model: string): ProviderUsage | undefined {
  const usage = body.usage;
  if (!usage) return undefined;
  const price = PRICES_PER_MILLION[model];
  const details = usage.input_tokens_details;
  const costUsd =
    price && details
      ? (details.text_tokens * price.textIn + details.image_tokens * price.imageIn + usage.output_tokens * price.out) /
        1e6
      : undefined;
  return { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens, costUsd };
}

/** The photo alone, or the photo then its references as `image[]` (the first image is the one edited). */
async function imagesFor(
  request: ImageEditRequest,
  extension: string,
  maxReferences: number,
  toFile: (typeof OpenAiSdk)['toFile'],
) {
  const photo = await toFile(request.image, `photo.${extension}`, { type: request.mimeType });
  const references = (request.references ?? []).slice(0, maxReferences);
  if (references.length === 0) return photo;
  const files = await Promise.all(
    references.map((ref, index) =>
      toFile(ref.image, `reference-${index + 1}.${ref.mimeType === 'image/png' ? 'png' : 'jpg'}`, {
        type: ref.mimeType,
      }),
    ),
  );
  return [photo, ...files];
}
