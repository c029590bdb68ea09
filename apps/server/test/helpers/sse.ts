import type { ApiClient } from './client';

export interface StreamMessage {
  type: string;
  /** subscription.* events carry userId and planName; photo.updated its project, photo, version and status. */
  data?: { userId: string; planName: string | null } & {
    projectId?: string;
    photoId?: string;
    versionId?: string;
    status?: string;
  };
}

/** An open SSE connection that collects its messages; `next` waits for one of a type. */
export async function openStream(baseUrl: string, options: { cookie?: string; token?: string } = {}) {
  const controller = new AbortController();
  const url = new URL('/api/sse/subscriptions', baseUrl);
  if (options.token) url.searchParams.set('token', options.token);
  const response = await fetch(url, {
    headers: options.cookie ? { cookie: options.cookie } : {},
    signal: controller.signal,
  });
  const messages: StreamMessage[] = [];
  let ended = false;
  const waiters: (() => void)[] = [];
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (data) messages.push(JSON.parse(data.slice(6)) as StreamMessage);
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      } catch {
        // aborted
      }
      ended = true;
      waiters.splice(0).forEach((wake) => wake());
    })();
  }
  return {
    status: response.status,
    messages,
    isEnded: () => ended,
    async next(type: string, timeoutMs = 10_000): Promise<StreamMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.type === type);
        if (found) return found;
        if (ended) throw new Error(`stream ended before a ${type} message`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} message within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    async waitForEnd(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return ended;
    },
    close: () => controller.abort(),
  };
}

export const cookieOf = (client: ApiClient) => (client as unknown as { cookieHeader(): string }).cookieHeader();
