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

/** Every call sends cookies, adds the bearer header when a token is held, and throws on a non-OK status. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (bearerToken) headers.set('Authorization', `Bearer ${bearerToken}`);
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(path, { ...init, headers, credentials: 'include' });
  if (!response.ok) {
    const text = await response.text();
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
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

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status of an error thrown by the API client (or built the same way), if it has one. */
export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = STATUS_PREFIX.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

function errorBody(error: unknown) {
  return errorBodyAs(error, errorBodySchema);
}

/** The JSON error body of an API error read with a contract schema; undefined when it does not fit. */
export function errorBodyAs<Schema extends z.ZodType>(error: unknown, schema: Schema): z.output<Schema> | undefined {
  if (!(error instanceof Error)) return undefined;
  const body = STATUS_PREFIX.exec(error.message)?.[2];
  if (!body) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The `message` field of a JSON error body, for toasts; undefined when the body has none. */
export function errorMessage(error: unknown): string | undefined {
  const message = errorBody(error)?.message.trim();
  return message ? message : undefined;
}

/** The `code` field of a JSON error body, when the server sent one. */
export function errorCode(error: unknown): string | undefined {
  return errorBody(error)?.code;
}

/** SPEC §8: a message of the form '401: ...' is an authorization failure. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /\b401\b/.test(error.message);
}
