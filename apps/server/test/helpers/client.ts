import { APP_ORIGIN } from './app';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A small HTTP client that behaves like the browser app: it keeps cookies, sends our Origin,
 * and can use a bearer token instead of cookies.
 */
export class ApiClient {
  private readonly cookies = new Map<string, string>();
  bearer: string | undefined;

  constructor(private readonly baseUrl: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; cookies?: boolean; origin?: string | null } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.origin !== null) headers.origin = options.origin ?? APP_ORIGIN;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.cookies !== false && this.cookies.size) headers.cookie = this.cookieHeader();
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    this.storeCookies(response.headers.getSetCookie());
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(path: string, options?: Parameters<ApiClient['request']>[2]) {
    return this.request<T>('GET', path, options);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown, options?: Parameters<ApiClient['request']>[2]) {
    return this.request<T>('POST', path, { ...options, body: body ?? {} });
  }
  patch<T = Record<string, unknown>>(path: string, body?: unknown, options?: Parameters<ApiClient['request']>[2]) {
    return this.request<T>('PATCH', path, { ...options, body });
  }

  /** A multipart upload as the browser sends it: repeated `photos` files plus text fields. */
  async upload<T = Record<string, unknown>>(
    path: string,
    files: { name: string; data: Uint8Array; type?: string }[],
    fields: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const file of files) {
      form.append('photos', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
    }
    const headers: Record<string, string> = { origin: APP_ORIGIN };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const response = await fetch(new URL(path, this.baseUrl), { method: 'POST', headers, body: form });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: response.status, body: body as T, headers: response.headers };
  }

  /** Raw bytes of a GET, for files and archives. */
  async bytes(path: string): Promise<{ status: number; data: Buffer; headers: Headers }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const response = await fetch(new URL(path, this.baseUrl), { headers });
    return { status: response.status, data: Buffer.from(await response.arrayBuffer()), headers: response.headers };
  }

  hasSessionCookie() {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'));
  }

  clearCookies() {
    this.cookies.clear();
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private storeCookies(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
