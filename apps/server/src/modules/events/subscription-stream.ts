import type { ServerResponse } from 'node:http';
import type { SubscriptionEvent } from '@hearth/contracts';
import { HttpError } from '../../http/errors';
import type { EventBus, UserEvent } from './event-bus';

export const MAX_STREAMS_PER_USER = 5;
export const PING_INTERVAL_MS = 25_000;

export interface StreamOwner {
  userId: string;
  /** True while the session that opened the stream is still signed in. */
  isSignedIn(): Promise<boolean>;
}

/**
 * The open `GET /api/sse/subscriptions` streams of this process. Each carries only its own user's events,
 * pings every ~25 s, and ends when its session signs out (checked at each ping and whenever the user's
 * sessions change).
 */
export class SubscriptionStreams {
  private readonly openByUser = new Map<string, number>();
  private readonly enders = new Set<() => void>();

  constructor(
    private readonly bus: EventBus,
    private readonly pingIntervalMs = PING_INTERVAL_MS,
  ) {}

  /** Refuses a sixth stream for one user before anything is written. */
  assertCanOpen(userId: string) {
    if ((this.openByUser.get(userId) ?? 0) >= MAX_STREAMS_PER_USER) {
      throw new HttpError(
        429,
        `At most ${MAX_STREAMS_PER_USER} live update streams per account. Close another tab and reload.`,
        'TOO_MANY_STREAMS',
      );
    }
  }

  open(owner: StreamOwner, res: ServerResponse) {
    this.assertCanOpen(owner.userId);
    this.count(owner.userId, +1);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: SubscriptionEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(ping);
      unsubscribe();
      this.enders.delete(end);
      this.count(owner.userId, -1);
      res.end();
    };
    const endIfSignedOut = () =>
      void owner.isSignedIn().then(
        (signedIn) => signedIn || end(),
        () => undefined,
      );

    const unsubscribe = this.bus.subscribe(owner.userId, (event: UserEvent) => {
      if (event.type === 'session.changed') endIfSignedOut();
      else send(event);
    });
    const ping = setInterval(() => {
      send({ type: 'ping' });
      endIfSignedOut();
    }, this.pingIntervalMs);
    res.on('close', end);
    this.enders.add(end);
    send({ type: 'connected' });
  }

  /** Ends every stream, so a shutting-down server is not held open by them. */
  closeAll() {
    for (const end of [...this.enders]) end();
  }

  openCount(userId: string) {
    return this.openByUser.get(userId) ?? 0;
  }

  private count(userId: string, delta: number) {
    const next = (this.openByUser.get(userId) ?? 0) + delta;
    if (next > 0) this.openByUser.set(userId, next);
    else this.openByUser.delete(userId);
  }
}
