import { simpleRatioLabel } from '../infrastructure/ai-providers/aspect-ratio';
import type { ProviderSettings } from '../infrastructure/ai-providers/config';
import {
  errorForHttpStatus,
  excerpt,
  isAbortError,
  parseRetryAfter,
  ProviderBadResponseError,
  ProviderError,
  ProviderRefusedError,
  ProviderUnavailableError,
} from '../infrastructure/ai-providers/errors';
import { freeOutputSize, type FreeSizeLimits } from '../infrastructure/ai-providers/output-size';
import type { ImageEditProvider } from '../infrastructure/ai-providers/provider';
import { abortableSleep } from '../infrastructure/ai-providers/rate-limit';
import { inspectResultImage } from '../infrastructure/ai-providers/result-image';

/**
 * Black Forest Labs FLUX.2 and FLUX Kontext over their REST API (there is no official Node SDK): submit the edit to
 * `POST {base}/v1/{model}`, poll the `polling_url` it returns until the task is Ready, then download
 * `result.sample` at once, since delivery URLs expire after ten minutes (docs/decisions/021-ai-providers.md).
 */

export const BFL_DEFAULT_BASE_URL = 'https://api.bfl.ai';
/**
 * FLUX.2 takes any width and height that are multiples of 16, up to 4 MP; the longer side is kept within 2048
 * px, the size BFL documents for every shape. The original's shape at its resolution, or the nearest allowed.
 */
export const FLUX_2_LIMITS: FreeSizeLimits = {
  maxSide: 2048,
  maxPixels: 4_194_304,
  minPixels: 64 * 64,
  multiple: 16,
  maxElongation: 4,
};
const isFlux2 = (model: string) => model.startsWith('flux-2');
/** BFL's inpainting model: an image, a mask (white = repaint) and a prompt (decision 015). */
export const BFL_FILL_MODEL = 'flux-pro-1.0-fill';
/** FLUX.2 reads input images up to 2048 px (larger ones are scaled down, and input megapixels are billed). */
const MAX_INPUT_SIDE = 2048;
/** FLUX Kontext takes any aspect ratio between 21:9 and 9:21. */
const MIN_RATIO = 9 / 21;
const MAX_RATIO = 21 / 9;
/** One credit is one US cent (bfl.ai pricing). */
const USD_PER_CREDIT = 0.01;
const PENDING_STATUSES = new Set(['Pending', 'Queued', 'Processing']);
const REFUSED_STATUSES = new Set(['Request Moderated', 'Content Moderated']);
/** Transient failures while polling are waited out rather than resubmitted, which would pay twice. */
const MAX_POLL_FAILURES = 5;

export interface BflOptions {
  pollIntervalMs?: number;
}

interface SubmitAnswer {
  id?: unknown;
  polling_url?: unknown;
  cost?: unknown;
}

interface PollAnswer {
  status?: unknown;
  result?: { sample?: unknown } | null;
  details?: unknown;
}

export function createBflProvider(settings: ProviderSettings, options: BflOptions = {}): ImageEditProvider {
  const base = new URL(settings.baseUrl ?? BFL_DEFAULT_BASE_URL);
  const basePath = base.pathname.replace(/\/$/, '');
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const provider = 'bfl' as const;
  const bad = (detail: string, status?: number) => new ProviderBadResponseError({ provider, detail, status });

  const flux2 = isFlux2(settings.model);

  return {
    id: provider,
    model: settings.model,
    inputSide: () => MAX_INPUT_SIDE,
    maxReferences: maxReferencesOf(settings.model),
    // FLUX.1 Fill, for an area edit.
    takesMask: true,
    async edit(request) {
      const started = performance.now();
      // An area edit goes to FLUX.1 Fill, which repaints only the mask's white pixels at the input's size.
      const model = request.mask ? BFL_FILL_MODEL : settings.model;
      const submitUrl = new URL(`${basePath}/v1/${encodeURIComponent(model)}`, base);
      // FLUX.2 takes an exact output size; Kontext a ratio, answered at about 1 MP.
      const requestedSize = flux2 && !request.mask ? freeOutputSize(request.targetSize, FLUX_2_LIMITS) : undefined;
      const shape = requestedSize
        ? { width: requestedSize.width, height: requestedSize.height }
        : { aspect_ratio: simpleRatioLabel(request.aspectRatio, MIN_RATIO, MAX_RATIO), prompt_upsampling: false };
      const input = request.mask
        ? { image: request.image.toString('base64'), mask: request.mask.white.toString('base64') }
        : {
            input_image: request.image.toString('base64'),
            // References as input_image_2, input_image_3 …
            ...Object.fromEntries(
              (request.references ?? [])
                .slice(0, maxReferencesOf(settings.model))
                .map((ref, index) => [`input_image_${index + 2}`, ref.image.toString('base64')]),
            ),
            ...shape,
          };
      const submitted = await callJson<SubmitAnswer>(submitUrl, request.signal, {
        method: 'POST',
        headers: { 'x-key': settings.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          prompt: request.prompt,
          ...input,
          output_format: 'jpeg',
          safety_tolerance: 2,
        }),
      });
      if (typeof submitted.id !== 'string' || typeof submitted.polling_url !== 'string') {
        throw bad(`The submit answer has no id or polling_url: ${excerpt(JSON.stringify(submitted))}`);
      }
      const taskId = submitted.id;
      const pollingUrl = trustedPollingUrl(submitted.polling_url);

      const sampleUrl = await pollUntilReady(pollingUrl, taskId, request.signal);
      const image = await downloadSample(sampleUrl, request.signal);
      const { width, height, mimeType } = await inspectResultImage(provider, image);
      const credits = typeof submitted.cost === 'number' ? submitted.cost : undefined;
      return {
        image,
        mimeType,
        width,
        height,
        model,
        durationMs: performance.now() - started,
        requestId: taskId,
        usage: credits === undefined ? undefined : { costUsd: credits * USD_PER_CREDIT },
        requestedSize,
      };
    },
  };

  /** The API key goes only to BFL's own hosts (or the configured base, for proxies and tests). */
  function trustedPollingUrl(value: string): URL {
    let url: URL;
    try {
      url = new URL(value, base);
    } catch {
      throw bad(`polling_url is not a URL: ${excerpt(value)}`);
    }
    const bflHost = url.protocol === 'https:' && /(^|\.)bfl\.(ai|ml)$/.test(url.hostname);
    if (url.origin !== base.origin && !bflHost) throw bad(`polling_url points outside BFL: ${url.origin}`);
    return url;
  }

  async function pollUntilReady(url: URL, taskId: string, signal: AbortSignal | undefined): Promise<string> {
    let failures = 0;
    for (;;) {
      await abortableSleep(pollIntervalMs, signal);
      let answer: PollAnswer;
      try {
        answer = await callJson<PollAnswer>(url, signal, {
          headers: { 'x-key': settings.apiKey, accept: 'application/json' },
        });
        failures = 0;
      } catch (error) {
        if (error instanceof ProviderError && error.retryable && ++failures < MAX_POLL_FAILURES) continue;
        throw asFinal(error, taskId);
      }
      const status = typeof answer.status === 'string' ? answer.status : '';
      const details = answer.details ? `: ${excerpt(JSON.stringify(answer.details))}` : '';
      if (status === 'Ready') {
        const sample = answer.result?.sample;
        if (typeof sample !== 'string') throw bad(`Task ${taskId} is Ready without result.sample`);
        return sample;
      }
      if (PENDING_STATUSES.has(status)) continue;
      if (REFUSED_STATUSES.has(status)) {
        throw new ProviderRefusedError({ provider, detail: `Task ${taskId}: ${status}${details}` });
      }
      if (status === 'Error' || status === 'Failed') {
        throw new ProviderUnavailableError({ provider, detail: `Task ${taskId} failed: ${status}${details}` });
      }
      if (status === 'Task not found') throw bad(`Task ${taskId} was not found while polling`);
      throw bad(`Task ${taskId} has an unknown status: ${excerpt(JSON.stringify(answer))}`);
    }
  }

  /**
   * A task that was accepted is paid for: an error after that point must not make the retry wrapper submit
   * it again, so polling failures are final.
   */
  function asFinal(error: unknown, taskId: string): unknown {
    if (!(error instanceof ProviderError) || !error.retryable) return error;
    return new ProviderBadResponseError({ provider, detail: `Polling task ${taskId} kept failing: ${error.detail}` });
  }

  async function downloadSample(sample: string, signal: AbortSignal | undefined): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(sample);
    } catch {
      throw bad(`result.sample is not a URL: ${excerpt(sample)}`);
    }
    // A signed delivery URL: no API key, which must not leak to the delivery host.
    const response = await send(url, signal, {});
    if (!response.ok) throw bad(`Downloading the result: HTTP ${response.status}`, response.status);
    return Buffer.from(await response.arrayBuffer());
  }

  async function callJson<T>(url: URL, signal: AbortSignal | undefined, init: RequestInit): Promise<T> {
    const response = await send(url, signal, init);
    const text = await response.text();
    if (!response.ok) {
      throw errorForHttpStatus(response.status, {
        provider,
        status: response.status,
        detail: `BFL HTTP ${response.status} from ${url.pathname}: ${excerpt(text)}`,
        retryAfterMs: parseRetryAfter(response.headers),
      });
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object') throw new SyntaxError('not an object');
      return parsed as T;
    } catch {
      throw bad(`BFL's answer from ${url.pathname} is not a JSON object: ${excerpt(text)}`, response.status);
    }
  }

  async function send(url: URL, signal: AbortSignal | undefined, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal });
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      throw new ProviderUnavailableError({
        provider,
        detail: `BFL request to ${url.host} failed: ${(error as Error).message}`,
        cause: error,
      });
    }
  }
}

/** FLUX.2 takes up to 8 images through the API (input_image … input_image_8), Kontext 4 (decision 024). */
const maxReferencesOf = (model: string) => (isFlux2(model) ? 7 : 3);
