import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { createSessionCache, type SessionActor } from './session-cache';

const actor: SessionActor = {
  id: 'u1',
  sessionId: 's1',
  role: 'user',
  name: 'Ana',
  email: 'ana@example.com',
};
const farFuture = new Date(Date.UTC(2100, 0, 1));

describe('session cache', () => {
  it('keeps a checked session for the time to live, then forgets it', () => {
    const cache = createSessionCache({ ttlMs: 5000 });
    cache.set('h', actor, farFuture, cache.generation(), 1_000);
    expect(cache.get('h', 1_000)).toEqual(actor);
    expect(cache.get('h', 5_999)).toEqual(actor);
    expect(cache.get('h', 6_000)).toBeUndefined();
  });

  it('never keeps a session past its own expiry', () => {
    const cache = createSessionCache({ ttlMs: 5000 });
    cache.set('h', actor, new Date(2_000), cache.generation(), 1_000);
    expect(cache.get('h', 1_999)).toEqual(actor);
    expect(cache.get('h', 2_000)).toBeUndefined();
  });

  it('drops every session on invalidate', () => {
    const cache = createSessionCache({ ttlMs: 5000 });
    cache.set('a', actor, farFuture, cache.generation());
    cache.set('b', { ...actor, sessionId: 's2' }, farFuture, cache.generation());
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not store a read that started before an invalidation', () => {
    const cache = createSessionCache({ ttlMs: 5000 });
    const before = cache.generation();
    cache.invalidate(); // a logout lands while the read is in flight
    cache.set('h', actor, farFuture, before);
    expect(cache.get('h')).toBeUndefined();
    cache.set('h', actor, farFuture, cache.generation());
    expect(cache.get('h')).toEqual(actor);
  });

  it('keeps nothing when the time to live is 0', () => {
    const cache = createSessionCache({ ttlMs: 0 });
    cache.set('h', actor, farFuture, cache.generation());
    expect(cache.get('h')).toBeUndefined();
  });

  it('stays bounded', () => {
    const cache = createSessionCache({ ttlMs: 5000, max: 3 });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, actor, farFuture, cache.generation());
    const kept = ['a', 'b', 'c', 'd'].filter((key) => cache.get(key));
    expect(kept.length).toBeLessThanOrEqual(3);
    expect(cache.get('d')).toEqual(actor);
  });

  it('is set by SESSION_CACHE_SECONDS: 5 by default, 0 to 300', () => {
    expect(loadConfig({}).sessionCacheSeconds).toBe(5);
    expect(loadConfig({ SESSION_CACHE_SECONDS: '0' }).sessionCacheSeconds).toBe(0);
    expect(loadConfig({ SESSION_CACHE_SECONDS: '300' }).sessionCacheSeconds).toBe(300);
    expect(() => loadConfig({ SESSION_CACHE_SECONDS: '301' })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_CACHE_SECONDS: 'soon' })).toThrow(ConfigError);
  });
});
