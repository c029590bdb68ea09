import type * as GeminiSdk from '@google/genai';
import type { ApiError, GenerateContentResponse, GoogleGenAI } from '@google/genai';
import { closestShape, shapesOf } from '../infrastructure/ai-providers/aspect-ratio';
import type { ProviderSettings } from '../infrastructure/ai-providers/config';
import {
  errorForHttpStatus,
  excerpt,
  isAbortError,
  parseRetryAfter,
  ProviderBadResponseError,
  ProviderRefusedError,
  ProviderUnavailableError,
} from '../infrastructure/ai-providers/errors';
import { closestResolution } from '../infrastructure/ai-providers/output-size';
import type { ImageEditProvider, PixelSize, ProviderUsage } from '../infrastructure/ai-providers/provider';
import { inspectResultImage } from '../infrastructure/ai-providers/result-image';

/**
 * Google Gemini image editing (“Nano Banana”) through @google/genai, the only file that imports it.
 * `models.generateContent` with the photo as inline data and the prompt as text, asking for an image only,
 * in the aspect ratio closest to the photo (docs/decisions/021-ai-providers.md).
 */

/** The ratios Gemini's image models accept in `imageConfig.aspectRatio`. */
export const GEMINI_ASPECT_RATIOS = shapesOf(['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9']);

/** Finish and block reasons that mean the safety system stopped the answer. */
const REFUSAL_REASONS = new Set([
  'SAFETY',
  'IMAGE_SAFETY',
  'PROHIBITED_CONTENT',
  'IMAGE_PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'RECITATION',
  'IMAGE_RECITATION',
]);

type ImageSize = '1K' | '2K' | '4K';
const SCALE: Record<ImageSize, number> = { '1K': 1, '2K': 2, '4K': 4 };

/**
 * What each ratio answers at 1K (ai.google.dev image-generation docs); 2K and 4K are twice and four times each
 * side. Gemini 2.5 Flash Image has its own, slightly different 1K grid and no other size.
 */
const GEMINI_3_1K: Record<string, PixelSize> = grid(
  '1:1 1024x1024, 2:3 848x1264, 3:2 1264x848, 3:4 896x1200, 4:3 1200x896, 4:5 928x1152, 5:4 1152x928, ' +
    '9:16 768x1376, 16:9 1376x768, 21:9 1584x672',
);
const GEMINI_25_1K: Record<string, PixelSize> = grid(
  '1:1 1024x1024, 2:3 832x1248, 3:2 1248x832, 3:4 864x1184, 4:3 1184x864, 4:5 896x1152, 5:4 1152x896, ' +
    '9:16 768x1344, 16:9 1344x768, 21:9 1536x672',
);

interface GeminiModel {
  /** The `imageConfig.imageSize` values it takes; empty: it takes none and answers at 1K. */
  imageSizes: ImageSize[];
  grid: Record<string, PixelSize>;
  /** US dollars per million tokens (ai.google.dev/gemini-api/docs/pricing). */
  prices?: { input: number; imageOutput: number; textOutput: number };
}

/** The models Hearth knows; another `gemini-3…` model is assumed to take 1K–4K like them, without a price. */
export const GEMINI_MODELS: Record<string, GeminiModel> = {
  'gemini-2.5-flash-image': {
    imageSizes: [],
    grid: GEMINI_25_1K,
    prices: { input: 0.3, imageOutput: 30, textOutput: 2.5 },
  },
  'gemini-3-pro-image-preview': {
    imageSizes: ['1K', '2K', '4K'],
    grid: GEMINI_3_1K,
    prices: { input: 2, imageOutput: 120, textOutput: 12 },
  },
  'gemini-3.1-flash-image-preview': {
    imageSizes: ['1K', '2K', '4K'],
    grid: GEMINI_3_1K,
    prices: { input: 0.5, imageOutput: 60, textOutput: 3 },
  },
};

function modelInfo(model: string): GeminiModel {
  return (
    GEMINI_MODELS[model] ??
    (model.startsWith('gemini-3')
      ? { imageSizes: ['1K', '2K', '4K'], grid: GEMINI_3_1K }
      : { imageSizes: [], grid: GEMINI_25_1K })
  );
}

/**
 * The shape closest to the photo, then the resolution closest to the original's. Undefined `imageSize`: the
 * model takes none.
 */
export function geminiOutput(model: string, aspectRatio: number, target: PixelSize) {
  const info = modelInfo(model);
  const shape = closestShape(aspectRatio, GEMINI_ASPECT_RATIOS).label;
  const base = info.grid[shape]!;
  const sized = (imageSize: ImageSize) => ({
    imageSize,
    size: { width: base.width * SCALE[imageSize], height: base.height * SCALE[imageSize] },
  });
  if (info.imageSizes.length === 0) return { aspectRatio: shape, imageSize: undefined, size: base };
  const best = closestResolution(target, info.imageSizes.map(sized));
  return { aspectRatio: shape, imageSize: best.imageSize, size: best.size };
}

/**
 * The inline photo and prompt must stay under 20 MB; a 3072 px JPEG is about 3 MB (4 MB in base64) and gives
 * a 2K or 4K answer the room's own detail. Gemini 2.5 answers at 1K and needs no more than 2048.
 */
const MAX_INPUT_SIDE_SIZED = 3072;
const MAX_INPUT_SIDE_1K = 2048;

function grid(table: string): Record<string, PixelSize> {
  return Object.fromEntries(
    table.split(',').map((entry) => {
      const [label, size] = entry.trim().split(' ') as [string, string];
      const [width, height] = size.split('x').map(Number) as [number, number];
      return [label, { width, height }];
    }),
  );
}

/** The SDK is loaded on the first call: a server that never calls Gemini never holds it in memory. */
let sdk: Promise<typeof GeminiSdk> | undefined;
const loadSdk = () => (sdk ??= import('@google/genai'));

export function createGeminiProvider(settings: ProviderSettings): ImageEditProvider {
  let connected: GoogleGenAI | undefined;
  const connect = async () => {
    const { GoogleGenAI } = await loadSdk();
    return (connected ??= new GoogleGenAI({
      apiKey: settings.apiKey,
      httpOptions: settings.baseUrl ? { baseUrl: settings.baseUrl } : undefined,
    }));
  };
  const provider = 'gemini' as const;

  const info = modelInfo(settings.model);

  return {
    id: provider,
    model: settings.model,
    // Gemini 3 image models take up to 14 images in one request; 2.5 Flash Image works best with up to 3.
    maxReferences: info.imageSizes.length ? 13 : 2,
    inputSide(target) {
      if (info.imageSizes.length === 0) return MAX_INPUT_SIDE_1K;
      const { size } = geminiOutput(settings.model, target.width / target.height, target);
      return Math.min(MAX_INPUT_SIDE_SIZED, Math.max(MAX_INPUT_SIDE_1K, size.width, size.height));
    },
    async edit(request) {
      const started = performance.now();
      const output = geminiOutput(settings.model, request.aspectRatio, request.targetSize);
      // The SDK's errors carry the status and body but not the headers; this per-call fetch keeps them, for
      // Retry-After.
      let lastHeaders: Headers | undefined;
      const fetchKeepingHeaders: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        lastHeaders = response.headers;
        return response;
      };

      const { ApiError } = await loadSdk();
      const client = await connect();
      let response: GenerateContentResponse;
      try {
        response = await client.models.generateContent({
          model: settings.model,
          contents: [
            {
              role: 'user',
              parts: [
                { inlineData: { mimeType: request.mimeType, data: request.image.toString('base64') } },
                // References follow the photo; the prompt says the first image is the one to edit.
                ...(request.references ?? [])
                  .slice(0, info.imageSizes.length ? 13 : 2)
                  .map((ref) => ({ inlineData: { mimeType: ref.mimeType, data: ref.image.toString('base64') } })),
                { text: request.prompt },
              ],
            },
          ],
          config: {
            responseModalities: ['IMAGE'],
            imageConfig: {
              aspectRatio: output.aspectRatio,
              ...(output.imageSize && { imageSize: output.imageSize }),
            },
            abortSignal: request.signal,
            httpOptions: { fetch: fetchKeepingHeaders },
          },
        });
      } catch (error) {
        throw translateError(error, lastHeaders, ApiError);
      }

      const imagePart = finalImagePart(response);
      if (!imagePart) {
        const refusal = refusalReason(response);
        if (refusal) {
          throw new ProviderRefusedError({ provider, detail: `Gemini stopped the answer: ${refusal}` });
        }
        throw new ProviderBadResponseError({ provider, detail: describeImageless(response) });
      }
      const image = Buffer.from(imagePart.inlineData!.data!, 'base64');
      const { width, height, mimeType } = await inspectResultImage(provider, image);
      return {
        image,
        mimeType,
        width,
        height,
        model: response.modelVersion ?? settings.model,
        durationMs: performance.now() - started,
        requestId: response.responseId,
        usage: usageOf(response, settings.model),
        requestedSize: output.imageSize ? output.size : undefined,
      };
    },
  };

  function translateError(error: unknown, headers: Headers | undefined, ApiErrorClass: typeof ApiError) {
    if (isAbortError(error)) return error;
    if (error instanceof ApiErrorClass) {
      const body = parseErrorBody(error.message);
      const detail = `Gemini HTTP ${error.status}${body.status ? ` ${body.status}` : ''}: ${excerpt(body.message ?? error.message)}`;
      // Google answers a wrong key with 400 INVALID_ARGUMENT (reason API_KEY_INVALID), not 401.
      const status =
        error.status === 400 && /API_KEY_INVALID|API key not valid/i.test(error.message) ? 401 : error.status;
      return errorForHttpStatus(status, {
        provider,
        detail,
        status: error.status,
        retryAfterMs: parseRetryAfter(headers) ?? body.retryDelayMs,
        cause: error,
      });
    }
    if (error instanceof SyntaxError) {
      return new ProviderBadResponseError({ provider, detail: `Gemini's answer is not JSON: ${error.message}` });
    }
    return new ProviderUnavailableError({
      provider,
      detail: `Gemini request failed: ${(error as Error).message}`,
      cause: error,
    });
  }
}

type Part = NonNullable<
  NonNullable<NonNullable<GenerateContentResponse['candidates']>[number]['content']>['parts']
>[number];

const isImage = (part: Part) => Boolean(part.inlineData?.data && part.inlineData.mimeType?.startsWith('image/'));

/**
 * The answer's final image. Thinking models (Gemini 3 Pro Image, 3.1 Flash Image) may send interim drafts
 * first, as parts marked `thought: true`; the result is the last image that is not a thought, in whichever
 * candidate carries it.
 */
export function finalImagePart(response: GenerateContentResponse): Part | undefined {
  for (const candidate of response.candidates ?? []) {
    const images = (candidate.content?.parts ?? []).filter((part) => isImage(part) && !part.thought);
    if (images.length > 0) return images.at(-1);
  }
  return undefined;
}

function describeImageless(response: GenerateContentResponse): string {
  const candidates = response.candidates ?? [];
  const parts = candidates.flatMap((candidate) => candidate.content?.parts ?? []);
  const drafts = parts.filter((part) => isImage(part) && part.thought).length;
  const text = parts
    .filter((part) => !part.thought)
    .map((part) => part.text ?? '')
    .join(' ')
    .trim();
  const finish = candidates.map((candidate) => candidate.finishReason ?? 'none').join(', ') || 'none';
  const what = drafts > 0 ? `only ${drafts} draft (thought) image${drafts > 1 ? 's' : ''}` : 'no image';
  return `Gemini answered with ${what} (finish reason ${finish})${text ? `: ${excerpt(text)}` : ''}`;
}

function refusalReason(response: GenerateContentResponse): string | undefined {
  const blocked = response.promptFeedback?.blockReason;
  if (blocked)
    return `prompt blocked (${blocked}${response.promptFeedback?.blockReasonMessage ? `: ${response.promptFeedback.blockReasonMessage}` : ''})`;
  for (const candidate of response.candidates ?? []) {
    const finish = candidate.finishReason;
    if (finish && REFUSAL_REASONS.has(finish)) return `finish reason ${finish}`;
  }
  return undefined;
}

/**
 * Image output tokens are priced apart from text and thinking tokens; `candidatesTokensDetails` says which
 * were which (without it, every candidate token is counted as image).
 */
function usageOf(response: GenerateContentResponse, model: string): ProviderUsage | undefined {
  const metadata = response.usageMetadata;
  if (!metadata) return undefined;
  const inputTokens = metadata.promptTokenCount;
  const candidateTokens = metadata.candidatesTokenCount;
  const thoughtTokens = metadata.thoughtsTokenCount ?? 0;
  const outputTokens = candidateTokens === undefined ? undefined : candidateTokens + thoughtTokens;
  const price = GEMINI_MODELS[model]?.prices;
  if (!price || inputTokens === undefined || candidateTokens === undefined) return { inputTokens, outputTokens };
  const imageTokens =
    metadata.candidatesTokensDetails?.find((detail) => detail.modality === 'IMAGE')?.tokenCount ?? candidateTokens;
  const textTokens = candidateTokens - imageTokens + thoughtTokens;
  const costUsd = (inputTokens * price.input + imageTokens * price.imageOutput + textTokens * price.textOutput) / 1e6;
  return { inputTokens, outputTokens, costUsd };
}

/**
 * The SDK puts the error body, as JSON text, in the message: `{"error":{"code","message","status","details"}}`.
 * A 429 carries a google.rpc.RetryInfo detail with `retryDelay` ("37s"), Google's Retry-After.
 */
function parseErrorBody(text: string): { message?: string; status?: string; retryDelayMs?: number } {
  try {
    const { error } = JSON.parse(text) as {
      error?: { message?: unknown; status?: unknown; details?: { '@type'?: string; retryDelay?: string }[] };
    };
    if (!error) return {};
    const retryInfo = error.details?.find((detail) => detail['@type']?.endsWith('google.rpc.RetryInfo'));
    const seconds = retryInfo?.retryDelay ? Number.parseFloat(retryInfo.retryDelay) : Number.NaN;
    return {
      message: typeof error.message === 'string' ? error.message : undefined,
      status: typeof error.status === 'string' ? error.status : undefined,
      retryDelayMs: Number.isFinite(seconds) ? seconds * 1000 : undefined,
    };
  } catch {
    return {};
  }
}
