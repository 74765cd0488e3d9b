import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { waitAfter } from './progressive-delay';
import { clientKey, createLimiter, DEFAULT_MAX_ENTRIES, memoryLimiterStore } from './rate-limiter';

const DELAY = { free: 2, firstWaitSeconds: 1, maxWaitSeconds: 8 };

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('createLimiter', () => {
  it('blocks a key at its limit until its window ends, and tells how long', () => {
    const c = clock();
    const limiter = createLimiter({ max: 3, windowMs: 60_000, now: c.now });
    for (let i = 0; i < 3; i++) {
      expect(limiter.isBlocked('a')).toBe(false);
      limiter.hit('a');
    }
    expect(limiter.isBlocked('a')).toBe(true);
    expect(limiter.isBlocked('b')).toBe(false);
    expect(limiter.retryAfterSeconds('a')).toBe(60);
    c.advance(59_001);
    expect(limiter.isBlocked('a')).toBe(true);
    expect(limiter.retryAfterSeconds('a')).toBe(1);
    c.advance(999);
    expect(limiter.isBlocked('a')).toBe(false);
    expect(limiter.retryAfterSeconds('a')).toBe(0);
    limiter.hit('a');
    expect(limiter.isBlocked('a')).toBe(false);
  });

  it('forgets a key on reset', () => {
    const limiter = createLimiter({ max: 1, windowMs: 60_000 });
    limiter.hit('a');
    expect(limiter.isBlocked('a')).toBe(true);
    limiter.reset('a');
    expect(limiter.isBlocked('a')).toBe(false);
  });

  it('drops expired keys as hits arrive, without waiting to be full', () => {
    const c = clock();
    const limiter = createLimiter({ max: 5, windowMs: 1_000, now: c.now });
    for (let i = 0; i < 100; i++) limiter.hit(`old-${i}`);
    expect(limiter.size()).toBe(100);
    c.advance(500);
    for (let i = 0; i < 10; i++) limiter.hit(`new-${i}`);
    expect(limiter.size()).toBe(110);
    c.advance(500);
    limiter.hit('later');
    // The first 100 windows have ended; the 10 newer ones have 500 ms left.
    expect(limiter.size()).toBe(11);
  });

  it('keeps a blocked key blocked to the end of its window while many other keys come and go', () => {
    const c = clock();
    const limiter = createLimiter({ max: 2, windowMs: 60_000, now: c.now, maxEntries: 10_000 });
    limiter.hit('attacker');
    limiter.hit('attacker');
    expect(limiter.isBlocked('attacker')).toBe(true);
    for (let step = 0; step < 59; step++) {
      c.advance(1_000);
      for (let i = 0; i < 100; i++) limiter.hit(`visitor-${step}-${i}`);
      expect(limiter.isBlocked('attacker')).toBe(true);
    }
    expect(limiter.retryAfterSeconds('attacker')).toBe(1);
    c.advance(1_000);
    expect(limiter.isBlocked('attacker')).toBe(false);
  });

  it('never holds more than maxEntries keys: the oldest go first', () => {
    const c = clock();
    const limiter = createLimiter({ max: 1, windowMs: 60_000, now: c.now, maxEntries: 100 });
    for (let i = 0; i < 250; i++) {
      limiter.hit(`key-${i}`);
      c.advance(1);
      expect(limiter.size()).toBeLessThanOrEqual(100);
    }
    expect(limiter.size()).toBe(100);
    expect(limiter.isBlocked('key-149')).toBe(false);
    for (let i = 150; i < 250; i++) expect(limiter.isBlocked(`key-${i}`)).toBe(true);
  });

  it('holds at most DEFAULT_MAX_ENTRIES keys when not told otherwise', () => {
    const limiter = createLimiter({ max: 1, windowMs: 60 * 60 * 1000 });
    for (let i = 0; i < DEFAULT_MAX_ENTRIES + 1_000; i++) limiter.hit(`k${i}`);
    expect(limiter.size()).toBe(DEFAULT_MAX_ENTRIES);
    expect(limiter.isBlocked(`k${DEFAULT_MAX_ENTRIES + 999}`)).toBe(true);
  });

  it('costs the same per hit with tens of thousands of live keys', () => {
    // Before, every hit walked the whole map once it held 10,000 keys (~8 ms at 130,000).
    const limiter = createLimiter({ max: 5, windowMs: 60 * 60 * 1000, maxEntries: 200_000 });
    for (let i = 0; i < 60_000; i++) limiter.hit(`reset:victim-${i}@example.com`);
    const start = performance.now();
    for (let i = 0; i < 5_000; i++) limiter.hit(`reset:more-${i}@example.com`);
    const elapsed = performance.now() - start;
    expect(limiter.size()).toBe(65_000);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('makes room by dropping the oldest key that is not blocked, never a blocked one', () => {
    const c = clock();
    const limiter = createLimiter({ max: 3, windowMs: 60_000, now: c.now, maxEntries: 100 });
    for (let i = 0; i < 3; i++) limiter.hit('blocked-first');
    for (let k = 0; k < 50; k++) for (let i = 0; i < 3; i++) limiter.hit(`blocked-${k}`);
    expect(limiter.isBlocked('blocked-first')).toBe(true);
    // A flood of new keys, each counted once, fills the limiter many times over.
    for (let i = 0; i < 1_000; i++) {
      c.advance(1);
      limiter.hit(`flood-${i}`);
      expect(limiter.size()).toBeLessThanOrEqual(100);
    }
    expect(limiter.isBlocked('blocked-first')).toBe(true);
    for (let k = 0; k < 50; k++) expect(limiter.isBlocked(`blocked-${k}`)).toBe(true);
    // The newest of the flood is still counted.
    limiter.hit('flood-999');
    limiter.hit('flood-999');
    expect(limiter.isBlocked('flood-999')).toBe(true);
  });

  it('counts the key it is given through keyOf', () => {
    const limiter = createLimiter({ max: 2, windowMs: 60_000, keyOf: clientKey });
    limiter.hit('2001:db8:1:2::1');
    limiter.hit('2001:db8:1:2:ffff:ffff:ffff:fffe');
    expect(limiter.isBlocked('2001:db8:1:2:aaaa::9')).toBe(true);
    expect(limiter.retryAfterSeconds('2001:db8:1:2::77')).toBe(60);
    expect(limiter.isBlocked('2001:db8:1:3::1')).toBe(false);
    limiter.reset('2001:db8:1:2::5');
    expect(limiter.isBlocked('2001:db8:1:2::1')).toBe(false);
  });
});

describe('clientKey', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as its IPv4 one', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('0000:0000:0000:0000:0000:FFFF:CB00:7107')).toBe('203.0.113.7');
    expect(clientKey('::ffff:1.2.3.4')).not.toBe(clientKey('::ffff:5.6.7.8'));
  });

  it('gives every address of one IPv6 /64 the same key, however it is written', () => {
    const key = clientKey('2001:db8:85a3:8d3::1');
    expect(key).toBe('2001:db8:85a3:8d3::/64');
    for (const same of [
      '2001:0db8:85a3:08d3:0000:0000:0000:0001',
      '2001:DB8:85A3:8D3:1319:8A2E:370:7348',
      '2001:db8:85a3:8d3:a::',
      '2001:db8:85a3:8d3::2%eth0',
    ])
      expect(clientKey(same)).toBe(key);
    expect(clientKey('2001:db8:85a3:8d4::1')).not.toBe(key);
  });

  it('expands the zeros of a compressed network part', () => {
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8::192.0.2.1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('64:ff9b:1:2:3:4:192.0.2.1')).toBe('64:ff9b:1:2::/64');
  });

  it('leaves what is not an IP address as it is', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('unknown')).toBe('unknown');
  });
});

describe('progressive delays in memory (decision 049)', () => {
  it('waits 1 s, 2 s, 4 s… past the free failures, up to the cap, until a success', async () => {
    expect([1, 2, 3, 4, 5, 6, 30, 1000].map((n) => waitAfter(n, DELAY))).toEqual([
      0, 0, 1, 2, 4, 8, 8, 8,
    ]);
    const delay = memoryLimiterStore().delay({ name: 'test', windowMs: 60_000, ...DELAY });
    for (let i = 0; i < 2; i++) await delay.fail('198.18.0.1');
    expect(await delay.wait('198.18.0.1')).toBe(0);
    expect(await delay.fail('198.18.0.1')).toEqual({ failures: 3, wait: 1 });
    expect(await delay.wait('198.18.0.1')).toBe(1);
    expect(await delay.fail('198.18.0.1')).toEqual({ failures: 4, wait: 2 });
    expect(await delay.wait('198.18.0.1')).toBe(2);
    expect(await delay.wait('198.18.0.2')).toBe(0);
    await delay.reset('198.18.0.1');
    expect(await delay.wait('198.18.0.1')).toBe(0);
    expect(await delay.failures('198.18.0.1')).toBe(0);
  });
});
