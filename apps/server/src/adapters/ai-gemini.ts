import { ApiError, GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import { closestShape, shapesOf } from '../modules/providers/aspect-ratio';
import type { ProviderSettings } from '../modules/providers/config';
import {
  errorForHttpStatus,
  excerpt,
  isAbortError,
  parseRetryAfter,
  ProviderBadResponseError,
  ProviderRefusedError,
  ProviderUnavailableError,
} from '../modules/providers/errors';
import type { ImageEditProvider, ProviderUsage } from '../modules/providers/provider';
import { inspectResultImage } from '../modules/providers/result-image';

/**
 * Google Gemini image editing (“Nano Banana”) through @google/genai, the only file that imports it.
 * `models.generateContent` with the photo as inline data and the prompt as text, asking for an image only,
 * in the aspect ratio closest to the photo (docs/decisions/021-ai-providers.md).
 */

/** The ratios gemini-2.5-flash-image accepts in `imageConfig.aspectRatio`, each answered at about 1 MP. */
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

/** Published prices per million tokens (ai.google.dev/gemini-api/docs/pricing), for the models we know. */
const PRICES_PER_MILLION: Record<string, { input: number; output: number }> = {
  'gemini-2.5-flash-image': { input: 0.3, output: 30 },
};

export function createGeminiProvider(settings: ProviderSettings): ImageEditProvider {
  const client = new GoogleGenAI({
    apiKey: settings.apiKey,
    httpOptions: settings.baseUrl ? { baseUrl: settings.baseUrl } : undefined,
  });
  const provider = 'gemini' as const;

  return {
    id: provider,
    model: settings.model,
    async edit(request) {
      const started = performance.now();
      const aspectRatio = closestShape(request.aspectRatio, GEMINI_ASPECT_RATIOS).label;
      // The SDK's errors carry the status and body but not the headers; this per-call fetch keeps them, for
      // Retry-After.
      let lastHeaders: Headers | undefined;
      const fetchKeepingHeaders: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        lastHeaders = response.headers;
        return response;
      };

      let response: GenerateContentResponse;
      try {
        response = await client.models.generateContent({
          model: settings.model,
          contents: [
            {
              role: 'user',
              parts: [
                { inlineData: { mimeType: request.mimeType, data: request.image.toString('base64') } },
                { text: request.prompt },
              ],
            },
          ],
          config: {
            responseModalities: ['IMAGE'],
            imageConfig: { aspectRatio },
            abortSignal: request.signal,
            httpOptions: { fetch: fetchKeepingHeaders },
          },
        });
      } catch (error) {
        throw translateError(error, lastHeaders);
      }

      const refusal = refusalReason(response);
      if (refusal) {
        throw new ProviderRefusedError({ provider, detail: `Gemini stopped the answer: ${refusal}` });
      }
      const parts = response.candidates?.[0]?.content?.parts ?? [];
      const imagePart = parts.find((part) => part.inlineData?.data && part.inlineData.mimeType?.startsWith('image/'));
      if (!imagePart?.inlineData?.data) {
        const text = parts.map((part) => part.text ?? '').join(' ');
        const finish = response.candidates?.[0]?.finishReason ?? 'none';
        throw new ProviderBadResponseError({
          provider,
          detail: `Gemini answered without an image (finish reason ${finish})${text ? `: ${excerpt(text)}` : ''}`,
        });
      }
      const image = Buffer.from(imagePart.inlineData.data, 'base64');
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
      };
    },
  };

  function translateError(error: unknown, headers: Headers | undefined) {
    if (isAbortError(error)) return error;
    if (error instanceof ApiError) {
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

function refusalReason(response: GenerateContentResponse): string | undefined {
  const blocked = response.promptFeedback?.blockReason;
  if (blocked)
    return `prompt blocked (${blocked}${response.promptFeedback?.blockReasonMessage ? `: ${response.promptFeedback.blockReasonMessage}` : ''})`;
  const finish = response.candidates?.[0]?.finishReason;
  if (finish && REFUSAL_REASONS.has(finish)) return `finish reason ${finish}`;
  return undefined;
}

function usageOf(response: GenerateContentResponse, model: string): ProviderUsage | undefined {
  const metadata = response.usageMetadata;
  if (!metadata) return undefined;
  const inputTokens = metadata.promptTokenCount;
  const outputTokens = metadata.candidatesTokenCount;
  const price = PRICES_PER_MILLION[model];
  const costUsd =
    price && inputTokens !== undefined && outputTokens !== undefined
      ? (inputTokens * price.input + outputTokens * price.output) / 1e6
      : undefined;
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
