import http from 'node:http';
import { APP_ORIGIN } from './app';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | string | null;
}

/**
 * One HTTP request exactly as given: the path is sent unnormalised (dot segments, doubled slashes,
 * percent-encodings stay as written, which fetch would resolve first), from a chosen loopback address
 * (127.0.0.0/8 all reach the server), so tests can play several clients on different networks.
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; body?: unknown; from?: string; headers?: Record<string, string> },
): Promise<RawResponse> {
  const target = new URL(baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? 'POST',
        path: options.path,
        localAddress: options.from,
        agent: false,
        headers: {
          origin: APP_ORIGIN,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: RawResponse['body'] = text || null;
          try {
            body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A loopback address of its own for each simulated client: 127.0.<n / 250>.<n % 250 + 2>. */
export function loopbackAddress(n: number): string {
  return `127.0.${Math.floor(n / 250) + 1}.${(n % 250) + 2}`;
}
