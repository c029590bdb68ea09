import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiFetch,
  apiRequest,
  errorBodyAs,
  errorCode,
  errorMessage,
  errorStatus,
  isUnauthorizedError,
  setBearerToken,
} from './api-client';

/** fetch answering once with this response, recording what it was asked. */
function answer(body: string | null, init: ResponseInit) {
  const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => new Response(body, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function thrownBy(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

afterEach(() => {
  vi.unstubAllGlobals();
  setBearerToken(null);
});

describe('apiFetch', () => {
  it('throws an ApiError with the status, code, message and JSON body of a refusal', async () => {
    const refusal = { message: 'Start your free trial to upload photos.', code: 'ACCESS_RESTRICTED' };
    answer(JSON.stringify(refusal), { status: 403, headers: { 'content-type': 'application/json' } });
    const error = await thrownBy(apiFetch('/api/projects', { method: 'POST' }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 403,
      code: 'ACCESS_RESTRICTED',
      message: 'Start your free trial to upload photos.',
      body: refusal,
    });
    expect(errorStatus(error)).toBe(403);
    expect(errorCode(error)).toBe('ACCESS_RESTRICTED');
    expect(errorMessage(error)).toBe('Start your free trial to upload photos.');
    expect(isUnauthorizedError(error)).toBe(false);
  });

  it('a 401 is an authorization failure', async () => {
    answer(JSON.stringify({ message: 'Unauthorized', code: 'UNAUTHORIZED' }), { status: 401 });
    const error = await thrownBy(apiFetch('/api/auth/user'));
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it("keeps a body that is not JSON as text, with '<status>: <text>' as its message and no server message", async () => {
    answer('Bad Gateway', { status: 502 });
    const error = await thrownBy(apiFetch('/api/projects'));
    expect(error).toMatchObject({ status: 502, body: 'Bad Gateway', code: undefined, message: '502: Bad Gateway' });
    expect(errorMessage(error)).toBeUndefined();
  });

  it('an empty body falls back to the status text; a blank server message is no message', async () => {
    answer(null, { status: 503, statusText: 'Service Unavailable' });
    const empty = await thrownBy(apiFetch('/api/usage/stats'));
    expect(empty).toMatchObject({ status: 503, body: undefined, message: '503: Service Unavailable' });

    answer('{"message":"  ","code":"X"}', { status: 500 });
    const blank = await thrownBy(apiFetch('/api/usage/stats'));
    expect(blank).toMatchObject({ status: 500, code: 'X', message: '500: {"message":"  ","code":"X"}' });
    expect(errorMessage(blank)).toBeUndefined();
  });

  it('reads a richer error body with its contract schema', async () => {
    const refusedSchema = z.object({ refused: z.array(z.object({ fileName: z.string(), message: z.string() })) });
    const body = {
      message: 'No photo was accepted.',
      code: 'NO_PHOTOS_ACCEPTED',
      refused: [{ fileName: 'notes.txt', message: 'Not an image.' }],
    };
    answer(JSON.stringify(body), { status: 422 });
    const error = await thrownBy(apiFetch('/api/projects/p/upload', { method: 'POST', body: new FormData() }));
    expect(errorBodyAs(error, refusedSchema)).toEqual({ refused: body.refused });
    expect(errorBodyAs(error, z.object({ other: z.string() }))).toBeUndefined();
  });

  it('sends cookies, the held bearer token and a JSON content type, and passes an OK answer through', async () => {
    const fetchMock = answer('{"id":"p1"}', { status: 201 });
    setBearerToken('token-1');
    const project = await apiRequest('/api/projects', z.object({ id: z.string() }), {
      method: 'POST',
      json: { name: 'Maple St' },
    });
    expect(project).toEqual({ id: 'p1' });
    const [path, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(path).toBe('/api/projects');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Maple St"}' });
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('content-type')).toBe('application/json');
  });
});

describe('errors that are not API errors', () => {
  it('have no status, code or server message, and are not authorization failures', () => {
    for (const error of [new TypeError('Failed to fetch'), new Error('401: {"message":"Unauthorized"}'), '401']) {
      expect(errorStatus(error)).toBeUndefined();
      expect(errorCode(error)).toBeUndefined();
      expect(errorMessage(error)).toBeUndefined();
      expect(errorBodyAs(error, z.object({ message: z.string() }))).toBeUndefined();
      expect(isUnauthorizedError(error)).toBe(false);
    }
  });
});
