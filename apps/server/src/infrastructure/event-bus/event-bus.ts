import { EventEmitter } from 'node:events';
import type { SubscriptionEvent } from '@hearth/contracts';

/** What travels to one user's open tabs: the SPEC stream events, and a nudge to re-check sessions. */
export type UserEvent =
  | Extract<SubscriptionEvent, { type: 'subscription.canceled' | 'subscription.updated' | 'photo.updated' }>
  | { type: 'session.changed' };

export type UserEventListener = (event: UserEvent) => void;

/**
 * Delivers events to every API process's listeners for a user. In one process (PGlite) that is an
 * in-memory emitter; on PostgreSQL the message goes through NOTIFY so every process hears it.
 */
export interface EventBus {
  publish(userId: string, event: UserEvent): Promise<void>;
  subscribe(userId: string, listener: UserEventListener): () => void;
  close(): Promise<void>;
}

/** Fans a message out to this process's listeners of one user. */
export class LocalFanOut {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  deliver(userId: string, event: UserEvent) {
    this.emitter.emit(userId, event);
  }

  subscribe(userId: string, listener: UserEventListener) {
    this.emitter.on(userId, listener);
    return () => void this.emitter.off(userId, listener);
  }
}

export function createLocalEventBus(): EventBus {
  const fanOut = new LocalFanOut();
  return {
    publish: async (userId, event) => fanOut.deliver(userId, event),
    subscribe: (userId, listener) => fanOut.subscribe(userId, listener),
    close: async () => undefined,
  };
}
