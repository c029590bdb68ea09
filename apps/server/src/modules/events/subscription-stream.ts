import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { SubscriptionEvent } from '@hearth/contracts';
import { HttpError } from '../../infrastructure/http/errors';
import type { EventBus, UserEvent } from '../../infrastructure/event-bus/event-bus';
import type { StreamLeases } from './repository';

export const MAX_STREAMS_PER_USER = 5;
export const PING_INTERVAL_MS = 25_000;
/**
 * How long a stream counts against its user's cap without being renewed: after a process dies, its users may
 * be refused a stream (429) for at most this long. Renewed three times per lease, so one missed renewal (a
 * slow database) does not drop a live stream.
 */
export const STREAM_LEASE_SECONDS = 15;

export interface StreamOwner {
  /** The stream's lease, from `claim`. */
  streamId: string;
  userId: string;
  /** True while the session that opened the stream is still signed in. */
  isSignedIn(): Promise<boolean>;
}

export interface SubscriptionStreamsDeps {
  bus: EventBus;
  leases: StreamLeases;
  log: Pick<Logger, 'warn'>;
  pingIntervalMs?: number;
  renewIntervalMs?: number;
}

interface OpenStream {
  userId: string;
  end(): void;
}

/**
 * The open `GET /api/sse/subscriptions` streams of this process. Each carries only its own user's events,
 * pings every ~25 s, and ends when its session signs out (checked at each ping and whenever the user's
 * sessions change). At most MAX_STREAMS_PER_USER per user across every API process: each stream holds a
 * lease in the database (repository.ts), renewed while it is open.
 */
export class SubscriptionStreams {
  private readonly streams = new Map<string, OpenStream>();
  private renewTimer: NodeJS.Timeout | undefined;
  private readonly bus: EventBus;
  private readonly leases: StreamLeases;
  private readonly log: Pick<Logger, 'warn'>;
  private readonly pingIntervalMs: number;
  private readonly renewIntervalMs: number;

  constructor(deps: SubscriptionStreamsDeps) {
    this.bus = deps.bus;
    this.leases = deps.leases;
    this.log = deps.log;
    this.pingIntervalMs = deps.pingIntervalMs ?? PING_INTERVAL_MS;
    this.renewIntervalMs = deps.renewIntervalMs ?? (STREAM_LEASE_SECONDS * 1000) / 3;
  }

  /** Takes a lease for one more stream of the user, or refuses a sixth before anything is written. */
  async claim(userId: string): Promise<string> {
    const streamId = await this.leases.claim(userId);
    if (streamId) return streamId;
    throw new HttpError(
      429,
      `At most ${MAX_STREAMS_PER_USER} live update streams per account. Close another tab and reload.`,
      'TOO_MANY_STREAMS',
    );
  }

  open(owner: StreamOwner, res: ServerResponse) {
    const { streamId, userId } = owner;
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
      if (this.streams.delete(streamId)) this.release([streamId]);
      res.end();
    };
    const endIfSignedOut = () =>
      void owner.isSignedIn().then(
        (signedIn) => signedIn || end(),
        () => undefined,
      );

    const unsubscribe = this.bus.subscribe(userId, (event: UserEvent) => {
      if (event.type === 'session.changed') endIfSignedOut();
      else send(event);
    });
    const ping = setInterval(() => {
      send({ type: 'ping' });
      endIfSignedOut();
    }, this.pingIntervalMs);
    this.streams.set(streamId, { userId, end });
    this.renewTimer ??= setInterval(() => void this.renew(), this.renewIntervalMs).unref();
    res.on('close', end);
    // The client may have gone while the lease was being claimed: its 'close' has already been emitted.
    if (res.destroyed) return end();
    send({ type: 'connected' });
  }

  /**
   * Ends every stream, so a shutting-down server is not held open by them. Their leases go first, so the
   * tabs that reconnect to another process at once find their places free.
   */
  async closeAll() {
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
    const open = [...this.streams.entries()];
    this.streams.clear();
    await this.release(open.map(([streamId]) => streamId));
    for (const [, stream] of open) stream.end();
  }

  private async renew() {
    if (!this.streams.size) {
      clearInterval(this.renewTimer);
      this.renewTimer = undefined;
      return;
    }
    const open = [...this.streams].map(([id, { userId }]) => ({ id, userId }));
    await this.leases.renew(open).catch((error: unknown) => {
      this.log.warn({ err: error, streams: open.length }, 'could not renew the leases of open event streams');
    });
  }

  private async release(streamIds: string[]) {
    await this.leases.release(streamIds).catch((error: unknown) => {
      // Not lost: an unreleased lease stops counting when it runs out.
      this.log.warn({ err: error, streams: streamIds.length }, 'could not release the leases of event streams');
    });
  }
}
