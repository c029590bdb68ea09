import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server standing in for an AI vendor: it records every request and answers from a script,
 * so the real SDK code runs against the vendor's real wire format with no network access.
 */

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1beta/models/gemini-2.5-flash-image:generateContent`. */
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer as is. */
  body?: unknown;
  /** Never answer: the client's timeout has to end the request. */
  hang?: boolean;
}

export type Handler = (request: RecordedRequest, vendor: FakeVendor) => Reply | Promise<Reply>;

export class FakeVendor {
  readonly requests: RecordedRequest[] = [];
  baseUrl = '';
  private server: Server | undefined;

  constructor(private readonly handler: Handler) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    return this.baseUrl;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
      body: Buffer.concat(chunks),
    };
    this.requests.push(recorded);
    let reply: Reply;
    try {
      reply = await this.handler(recorded, this);
    } catch (error) {
      reply = { status: 599, body: `fake vendor handler failed: ${(error as Error).message}` };
    }
    if (reply.hang) return;
    const isJson = reply.body !== undefined && typeof reply.body !== 'string' && !Buffer.isBuffer(reply.body);
    const payload = isJson ? JSON.stringify(reply.body) : ((reply.body as string | Buffer | undefined) ?? '');
    response.writeHead(reply.status ?? 200, {
      ...(isJson && { 'content-type': 'application/json; charset=utf-8' }),
      ...reply.headers,
    });
    response.end(payload);
  }
}

/** Answers from a list, one reply per request, repeating the last. */
export function scripted(...replies: (Reply | Handler)[]): Handler {
  let index = 0;
  return (request, vendor) => {
    const next = replies[Math.min(index++, replies.length - 1)]!;
    return typeof next === 'function' ? next(request, vendor) : next;
  };
}

/** What the retry wrapper asked to sleep, without sleeping. */
export function recordingSleep() {
  const delays: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    signal?.throwIfAborted();
    delays.push(ms);
  };
  return { delays, sleep };
}

export const parseJsonBody = (request: RecordedRequest) =>
  JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
