import { simpleRatioLabel } from '../modules/providers/aspect-ratio';
import type { ProviderSettings } from '../modules/providers/config';
import {
  errorForHttpStatus,
  excerpt,
  isAbortError,
  parseRetryAfter,
  ProviderBadResponseError,
  ProviderError,
  ProviderRefusedError,
  ProviderUnavailableError,
} from '../modules/providers/errors';
import type { ImageEditProvider } from '../modules/providers/provider';
import { abortableSleep } from '../modules/providers/rate-limit';
import { inspectResultImage } from '../modules/providers/result-image';

/**
 * Black Forest Labs FLUX Kontext over its REST API (there is no official Node SDK): submit the edit to
 * `POST {base}/v1/{model}`, poll the `polling_url` it returns until the task is Ready, then download
 * `result.sample` at once, since delivery URLs expire after ten minutes (docs/decisions/021-ai-providers.md).
 */

export const BFL_DEFAULT_BASE_URL = 'https://api.bfl.ai';
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

  return {
    id: provider,
    model: settings.model,
    async edit(request) {
      const started = performance.now();
      const submitUrl = new URL(`${basePath}/v1/${encodeURIComponent(settings.model)}`, base);
      const submitted = await callJson<SubmitAnswer>(submitUrl, request.signal, {
        method: 'POST',
        headers: { 'x-key': settings.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          prompt: request.prompt,
          input_image: request.image.toString('base64'),
          aspect_ratio: simpleRatioLabel(request.aspectRatio, MIN_RATIO, MAX_RATIO),
          output_format: 'jpeg',
          prompt_upsampling: false,
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
        model: settings.model,
        durationMs: performance.now() - started,
        requestId: taskId,
        usage: credits === undefined ? undefined : { costUsd: credits * USD_PER_CREDIT },
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
