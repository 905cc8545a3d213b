import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../users/user-record';
import { applyAuthNotification, SessionCache } from './session-cache';

const user = (id: string) => ({ id, roles: ['user'], isActive: true }) as unknown as UserRecord;
const checked = (sessionId: string, userId: string) => ({ sessionId, userId, user: user(userId) });

function cacheAt(start = 1_000) {
  const clock = { now: start };
  const cache = new SessionCache({ ttlMs: 30_000, maxEntries: 3, now: () => clock.now });
  return { cache, clock };
}

describe('SessionCache', () => {
  it('trusts a checked token until its TTL or its own expiry, whichever is first', () => {
    const { cache, clock } = cacheAt();
    cache.remember('a', checked('s1', 'u1'), clock.now + 60_000, cache.generation);
    cache.remember('b', checked('s2', 'u1'), clock.now + 5_000, cache.generation);
    clock.now += 4_999;
    expect(cache.lookup('a')?.sessionId).toBe('s1');
    expect(cache.lookup('b')?.sessionId).toBe('s2');
    clock.now += 1;
    expect(cache.lookup('b')).toBeUndefined();
    clock.now += 25_000;
    expect(cache.lookup('a')).toBeUndefined();
  });

  it('forgets by session and by user, as the funil_auth notifications say', () => {
    const { cache, clock } = cacheAt();
    cache.remember('a', checked('s1', 'u1'), clock.now + 60_000, cache.generation);
    cache.remember('b', checked('s2', 'u1'), clock.now + 60_000, cache.generation);
    cache.remember('c', checked('s3', 'u2'), clock.now + 60_000, cache.generation);
    applyAuthNotification(cache, 'session:s1');
    expect([cache.lookup('a'), cache.lookup('b')?.sessionId]).toEqual([undefined, 's2']);
    applyAuthNotification(cache, 'user:u1');
    expect(cache.lookup('b')).toBeUndefined();
    expect(cache.lookup('c')?.userId).toBe('u2');
    applyAuthNotification(cache, 'nonsense');
    expect(cache.size).toBe(1);
  });

  it('does not put back a check that began before a change (the race with a logout)', () => {
    const { cache, clock } = cacheAt();
    const before = cache.generation;
    cache.forgetSession('s1'); // the logout commits while the check is reading the session row
    cache.remember('a', checked('s1', 'u1'), clock.now + 60_000, before);
    expect(cache.lookup('a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const { cache, clock } = cacheAt();
    for (const token of ['a', 'b', 'c', 'd']) {
      cache.remember(token, checked(`s-${token}`, 'u'), clock.now + 60_000, cache.generation);
    }
    expect(cache.size).toBe(3);
    expect(cache.lookup('a')).toBeUndefined();
    expect(cache.lookup('d')?.sessionId).toBe('s-d');
  });

  it('remembers nothing while suspended (notifications cannot be heard), or when the TTL is 0', () => {
    const { cache, clock } = cacheAt();
    cache.remember('a', checked('s1', 'u1'), clock.now + 60_000, cache.generation);
    cache.suspend();
    expect(cache.lookup('a')).toBeUndefined();
    cache.remember('b', checked('s2', 'u1'), clock.now + 60_000, cache.generation);
    expect(cache.lookup('b')).toBeUndefined();
    cache.resume();
    cache.remember('b', checked('s2', 'u1'), clock.now + 60_000, cache.generation);
    expect(cache.lookup('b')?.sessionId).toBe('s2');

    const off = new SessionCache({ ttlMs: 0 });
    off.remember('a', checked('s1', 'u1'), Date.now() + 60_000, off.generation);
    expect(off.lookup('a')).toBeUndefined();
  });
});
