import { describe, expect, it, vi } from 'vitest';
import { createLocalEventBus } from '../../infrastructure/event-bus/event-bus';
import { credentialsKey, mayChangeSessions, SessionCache } from './session-cache';

const user = { id: 'u1', email: 'a@example.com' };
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('SessionCache', () => {
  it('asks the database once while an entry is fresh', async () => {
    const cache = new SessionCache(10_000);
    const load = vi.fn(async () => ({ user, expiresAt: inAnHour() }));
    expect(await cache.resolve('k', load)).toEqual(user);
    expect(await cache.resolve('k', load)).toEqual(user);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing when the time to live is 0, or for credentials without a session', async () => {
    const off = new SessionCache(0);
    const load = vi.fn(async () => ({ user, expiresAt: inAnHour() }));
    await off.resolve('k', load);
    await off.resolve('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    const cache = new SessionCache(10_000);
    const none = vi.fn(async () => null);
    expect(await cache.resolve('k', none)).toBeNull();
    expect(await cache.resolve('k', none)).toBeNull();
    expect(none).toHaveBeenCalledTimes(2);
  });

  it('never outlives the session, nor its time to live', async () => {
    vi.useFakeTimers();
    try {
      const cache = new SessionCache(10_000);
      const load = vi.fn(async () => ({ user, expiresAt: new Date(Date.now() + 2_000) }));
      await cache.resolve('k', load);
      vi.advanceTimersByTime(2_001);
      await cache.resolve('k', load);
      expect(load).toHaveBeenCalledTimes(2);
      const long = vi.fn(async () => ({ user, expiresAt: inAnHour() }));
      await cache.resolve('l', long);
      vi.advanceTimersByTime(10_001);
      await cache.resolve('l', long);
      expect(long).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a load that overlapped a sign-out', async () => {
    const cache = new SessionCache(10_000);
    let finish: (value: { user: typeof user; expiresAt: Date }) => void = () => undefined;
    const slow = cache.resolve('k', () => new Promise((resolve) => (finish = resolve)));
    cache.forgetAll();
    finish({ user, expiresAt: inAnHour() });
    await slow;
    expect(cache.size).toBe(0);
  });

  it('forgets a user when the event bus says their sessions changed', async () => {
    const bus = createLocalEventBus();
    const cache = new SessionCache(10_000, bus);
    await cache.resolve('k1', async () => ({ user, expiresAt: inAnHour() }));
    await cache.resolve('k2', async () => ({ user: { id: 'u2', email: 'b@example.com' }, expiresAt: inAnHour() }));
    await bus.publish('u1', { type: 'session.changed' });
    expect(cache.size).toBe(1);
  });

  it('holds at most its bound of entries, dropping the oldest', async () => {
    const cache = new SessionCache(10_000, undefined, 2);
    for (const key of ['a', 'b', 'c']) await cache.resolve(key, async () => ({ user, expiresAt: inAnHour() }));
    expect(cache.size).toBe(2);
    const load = vi.fn(async () => ({ user, expiresAt: inAnHour() }));
    await cache.resolve('a', load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('which requests may change sessions', () => {
  it('every auth call but reading the session or the profile', () => {
    expect(mayChangeSessions('POST', '/api/auth/sign-out')).toBe(true);
    expect(mayChangeSessions('POST', '/api/auth/reset-password')).toBe(true);
    expect(mayChangeSessions('PATCH', '/api/auth/user')).toBe(true);
    expect(mayChangeSessions('GET', '/api/auth/verify-email?token=x')).toBe(true);
    expect(mayChangeSessions('GET', '/api/auth/get-session')).toBe(false);
    expect(mayChangeSessions('GET', '/api/auth/user')).toBe(false);
    expect(mayChangeSessions('POST', '/api/projects')).toBe(false);
  });

  it('keys by the exact credentials, none without any', () => {
    expect(credentialsKey({})).toBeNull();
    expect(credentialsKey({ cookie: 'a=1' })).not.toEqual(credentialsKey({ cookie: 'a=2' }));
    expect(credentialsKey({ authorization: 'Bearer x' })).not.toEqual(credentialsKey({ cookie: 'Bearer x' }));
  });
});
