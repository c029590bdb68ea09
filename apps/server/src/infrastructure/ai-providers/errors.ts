import type { ProviderId } from './provider';

/**
 * Every way a generative provider can fail, as one typed error each. `message` is written for the agent who
 * uploaded the photo (it ends up on the failed photo); `detail` is for the logs and names the vendor's own
 * status, code and words. `retryable` tells the retry wrapper whether the same request may succeed later.
 */
export abstract class ProviderError extends Error {
  abstract readonly retryable: boolean;
  /** Whether another vendor in the fallback order may be asked instead. */
  readonly fallbackAllowed: boolean = true;
  readonly provider: ProviderId;
  readonly detail: string;
  /** HTTP status of the vendor's answer, when there was one. */
  readonly status?: number;
  /** How long the vendor asked us to wait (Retry-After and its equivalents), in milliseconds. */
  readonly retryAfterMs?: number;

  constructor(
    message: string,
    options: { provider: ProviderId; detail: string; status?: number; retryAfterMs?: number; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.provider = options.provider;
    this.detail = options.detail;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

type ErrorOptions = ConstructorParameters<typeof ProviderError>[1];

/** The vendor's safety system refused the photo or the result. Asking again, or asking another vendor, is no fix. */
export class ProviderRefusedError extends ProviderError {
  readonly retryable = false;
  override readonly fallbackAllowed = false;
  constructor(options: ErrorOptions) {
    super('The AI provider declined this photo. Try another photo, or change the instructions.', options);
  }
}

/** Too many requests (HTTP 429, or our own rate limit would wait too long). */
export class ProviderBusyError extends ProviderError {
  readonly retryable = true;
  constructor(options: ErrorOptions) {
    super('The AI provider is busy; try again in a few minutes.', options);
  }
}

/** A server error (5xx) or the connection failed. */
export class ProviderUnavailableError extends ProviderError {
  readonly retryable = true;
  constructor(options: ErrorOptions) {
    super('The AI provider is unavailable right now; try again in a few minutes.', options);
  }
}

/** No answer within the per-call timeout. Not retried within the call: the job's own retry runs it again. */
export class ProviderTimeoutError extends ProviderError {
  readonly retryable = false;
  constructor(options: ErrorOptions) {
    super('The AI provider took too long to answer; try again in a few minutes.', options);
  }
}

/** An answer we cannot use: not JSON, no image, an image we cannot read or of an absurd size. */
export class ProviderBadResponseError extends ProviderError {
  readonly retryable = true;
  constructor(options: ErrorOptions) {
    super('The AI provider returned an unusable image; try again.', options);
  }
}

/** The vendor rejected the request itself (HTTP 400/422 other than a refusal): retrying the same request is futile. */
export class ProviderRequestRejectedError extends ProviderError {
  readonly retryable = false;
  constructor(options: ErrorOptions) {
    super('The AI provider could not process this photo.', options);
  }
}

/** Wrong or missing API key, no access to the model, or an unknown model: an administrator must fix the setup. */
export class ProviderConfigurationError extends ProviderError {
  readonly retryable = false;
  constructor(options: ErrorOptions) {
    super('The AI provider is not set up correctly; an administrator needs to check its API key and model.', options);
  }
}

/** The vendor account has no credit left (HTTP 402, OpenAI's insufficient_quota). */
export class ProviderOutOfCreditError extends ProviderError {
  readonly retryable = false;
  constructor(options: ErrorOptions) {
    super('The AI provider account has run out of credit; an administrator needs to top it up.', options);
  }
}

/**
 * Maps an HTTP failure to its error, for vendors whose status codes mean the usual things. Refusals and
 * out-of-credit answers are vendor-specific and recognised by each adapter before it falls back on this.
 */
export function errorForHttpStatus(status: number, options: ErrorOptions): ProviderError {
  if (status === 429) return new ProviderBusyError(options);
  if (status === 402) return new ProviderOutOfCreditError(options);
  if (status === 401 || status === 403 || status === 404) return new ProviderConfigurationError(options);
  if (status === 408 || status >= 500) return new ProviderUnavailableError(options);
  return new ProviderRequestRejectedError(options);
}

/**
 * Reads a Retry-After header (seconds or an HTTP date) or OpenAI's retry-after-ms, in milliseconds; undefined
 * when absent or unreadable.
 */
export function parseRetryAfter(headers: { get(name: string): string | null } | undefined, now = Date.now()) {
  if (!headers) return undefined;
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** True for the error a fetch or an SDK throws when its AbortSignal fired. */
export function isAbortError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'AbortError' || error.name === 'APIUserAbortError' || error.name === 'TimeoutError';
}

/** Shortens a vendor's error body for a log line. */
export function excerpt(text: string, length = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}
