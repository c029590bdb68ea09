import { errorBodySchema } from '@hearth/contracts';
import type { z } from 'zod';

/**
 * The bearer token of the current session, held in memory only (never in storage), so a
 * stolen copy of localStorage cannot carry a session. Cookies remain the primary credential.
 */
let bearerToken: string | null = null;

export function setBearerToken(token: string | null) {
  bearerToken = token;
}

export function hasBearerToken() {
  return bearerToken !== null;
}

/** The held token, for the one request that cannot send headers: the EventSource stream (SPEC §7 ?token=). */
export function currentBearerToken() {
  return bearerToken;
}

/**
 * A non-OK answer of the API (or of the auth provider, see toAuthError): its status, the body the server sent
 * (its JSON value, else its text) and, when that body is the usual `{ message, code }`, those two. `message` is
 * the server's message when it gave one a person can read, else '<status>: <body or status text>'.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The error body's `code`, when the server sent one. */
  readonly code: string | undefined;
  /** The error body's `message`, trimmed, when it has one to show a person. */
  readonly serverMessage: string | undefined;

  constructor(
    readonly status: number,
    readonly body: unknown,
    fallbackMessage = `${status}: ${typeof body === 'string' ? body : JSON.stringify(body ?? '')}`,
  ) {
    const parsed = errorBodySchema.safeParse(body);
    const serverMessage = parsed.success ? parsed.data.message.trim() || undefined : undefined;
    super(serverMessage ?? fallbackMessage);
    this.serverMessage = serverMessage;
    this.code = parsed.success ? parsed.data.code : undefined;
  }

  /** The error of a non-OK response, its body read whole. */
  static async of(response: Response): Promise<ApiError> {
    const text = await response.text();
    return new ApiError(response.status, parseJson(text), `${response.status}: ${text || response.statusText}`);
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Every call sends cookies, adds the bearer header when a token is held, and throws an ApiError on a non-OK status. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (bearerToken) headers.set('Authorization', `Bearer ${bearerToken}`);
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(path, { ...init, headers, credentials: 'include' });
  if (!response.ok) throw await ApiError.of(response);
  return response;
}

/** Sends a request and parses the JSON answer with the contract schema, so types are never written twice. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  init: Omit<RequestInit, 'body'> & { json?: unknown } = {},
): Promise<z.output<Schema>> {
  const { json, ...rest } = init;
  const response = await apiFetch(path, { ...rest, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
  return schema.parse(await response.json());
}

/** The HTTP status of an API error; undefined for anything else (e.g. a request that never got an answer). */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** The JSON error body of an API error read with a contract schema; undefined when it does not fit. */
export function errorBodyAs<Schema extends z.ZodType>(error: unknown, schema: Schema): z.output<Schema> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const parsed = schema.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

/** The `message` field of a JSON error body, for toasts; undefined when the body has none. */
export function errorMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The `code` field of a JSON error body, when the server sent one. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** SPEC §8: an answer of 401 is an authorization failure. */
export function isUnauthorizedError(error: unknown): boolean {
  return errorStatus(error) === 401;
}
