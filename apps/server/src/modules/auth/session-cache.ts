import type { EventBus } from '../../infrastructure/event-bus/event-bus';

export interface CachedSessionUser {
  id: string;
  email: string;
}

export interface LoadedSession {
  user: CachedSessionUser;
  /** When the session itself ends: a cached entry never outlives it. */
  expiresAt: Date;
}

interface Entry {
  user: CachedSessionUser;
  expiresAt: number;
}

/** Enough for every signed-in browser of a busy process; past it the oldest entry makes room. */
const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * Sessions resolved recently, so that a signed-in request does not ask the database every time
 * (docs/decisions/081). An entry is keyed by the request's exact credentials (its Cookie and Authorization
 * headers) and lives `ttlMs` at most.
 *
 * Revocation: anything that may end or change a session in this process (every auth call but reading the
 * session) forgets all entries before and after it runs, so a signed-out cookie is refused as soon as the
 * sign-out has answered; a load that overlapped such a call is not kept (the generation changed). Other
 * processes hear of sign-outs and password changes on the event bus ('session.changed'), and of anything
 * else (a password reset there) after `ttlMs` at most.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfUser = new Map<string, { keys: Set<string>; unsubscribe: () => void }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly bus?: EventBus,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {}

  /** The user of these credentials: from the cache while fresh, else from `load` (kept when it found one). */
  async resolve(key: string, load: () => Promise<LoadedSession | null>): Promise<CachedSessionUser | null> {
    if (this.ttlMs <= 0) return (await load())?.user ?? null;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.user;
    if (hit) this.remove(key, hit.user.id);
    const generation = this.generation;
    const loaded = await load();
    if (loaded && generation === this.generation) {
      this.store(key, loaded.user, Math.min(Date.now() + this.ttlMs, loaded.expiresAt.getTime()));
    }
    return loaded?.user ?? null;
  }

  /** Something in this process may have ended or changed sessions: nothing cached stands any more. */
  forgetAll() {
    this.generation++;
    this.entries.clear();
    for (const { unsubscribe } of this.keysOfUser.values()) unsubscribe();
    this.keysOfUser.clear();
  }

  forgetUser(userId: string) {
    this.generation++;
    for (const key of this.keysOfUser.get(userId)?.keys ?? []) this.remove(key, userId);
  }

  get size() {
    return this.entries.size;
  }

  private store(key: string, user: CachedSessionUser, expiresAt: number) {
    if (expiresAt <= Date.now()) return;
    this.entries.delete(key);
    this.entries.set(key, { user, expiresAt });
    let owned = this.keysOfUser.get(user.id);
    if (!owned) {
      const unsubscribe =
        this.bus?.subscribe(user.id, (event) => {
          if (event.type === 'session.changed') this.forgetUser(user.id);
        }) ?? (() => undefined);
      owned = { keys: new Set(), unsubscribe };
      this.keysOfUser.set(user.id, owned);
    }
    owned.keys.add(key);
    while (this.entries.size > this.maxEntries) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.remove(oldestKey, oldest.user.id);
    }
  }

  private remove(key: string, userId: string) {
    this.entries.delete(key);
    const owned = this.keysOfUser.get(userId);
    if (!owned) return;
    owned.keys.delete(key);
    if (owned.keys.size) return;
    owned.unsubscribe();
    this.keysOfUser.delete(userId);
  }
}

/** The auth calls that cannot end or change a session: reading it, and the pages a signed-in user reads. */
const READ_ONLY_AUTH_GETS = /^\/api\/auth\/(get-session|user|config|list-sessions|ok)(\?|$)/;

/** Whether a request may end or change sessions, so that the cache must not outlive it. */
export function mayChangeSessions(method: string, url: string): boolean {
  if (!url.startsWith('/api/auth/')) return false;
  if (method === 'GET' || method === 'HEAD') return !READ_ONLY_AUTH_GETS.test(url);
  return true;
}

/** The credentials a session is found by; null when the request carries none. */
export function credentialsKey(headers: { cookie?: string; authorization?: string }): string | null {
  if (!headers.cookie && !headers.authorization) return null;
  return `${headers.cookie ?? ''}\n${headers.authorization ?? ''}`;
}
