import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { loadConfig } from './env';

describe('TRUST_PROXY', () => {
  it('reads true and false as such and addresses as text, and refuses a hop count', () => {
    const trust = (value?: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('loopback,10.0.0.0/8')).toBe('loopback,10.0.0.0/8');
    expect(() => trust('1')).toThrow(/TRUST_PROXY/);
  });

  it('with the proxy’s address, takes the address the proxy appended, not one the client wrote', async () => {
    const app = Fastify({ trustProxy: loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    const res = await app.inject({
      url: '/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '10.0.0.9, 203.0.113.7' },
    });
    expect(res.json().ip).toBe('203.0.113.7');
    await app.close();
  });
});

describe('CONTACT_MESSAGES_PER_HOUR', () => {
  it('defaults to 50 and takes a positive whole number', () => {
    const perHour = (value?: string) =>
      loadConfig({ CONTACT_MESSAGES_PER_HOUR: value }).contactMessagesPerHour;
    expect(perHour()).toBe(50);
    expect(perHour('200')).toBe(200);
    expect(() => perHour('0')).toThrow(/CONTACT_MESSAGES_PER_HOUR/);
    expect(() => perHour('many')).toThrow(/CONTACT_MESSAGES_PER_HOUR/);
  });
});

describe('REDIS_URL', () => {
  it('is unset by default, takes a redis:// or rediss:// address, and refuses anything else', () => {
    const redis = (value?: string) => loadConfig({ REDIS_URL: value }).redisUrl;
    expect(redis()).toBeUndefined();
    expect(redis('  ')).toBeUndefined();
    expect(redis('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redis('rediss://user:secret@cache.example.com:6380/2')).toBe(
      'rediss://user:secret@cache.example.com:6380/2',
    );
    expect(() => redis('127.0.0.1:6379')).toThrow(/REDIS_URL: must start with redis:\/\//);
    expect(() => redis('http://cache.example.com')).toThrow(/REDIS_URL/);
  });
});

describe('TEST_CLOCK', () => {
  it('is off unless set to true, and only outside production', () => {
    const clock = (env: NodeJS.ProcessEnv) => loadConfig(env).testClock;
    expect(clock({})).toBe(false);
    expect(clock({ NODE_ENV: 'test' })).toBe(false);
    expect(clock({ NODE_ENV: 'test', TEST_CLOCK: 'false' })).toBe(false);
    expect(clock({ NODE_ENV: 'test', TEST_CLOCK: 'true' })).toBe(true);
    expect(clock({ NODE_ENV: 'development', TEST_CLOCK: 'true' })).toBe(true);
    expect(() => clock({ NODE_ENV: 'test', TEST_CLOCK: 'yes' })).toThrow(
      /TEST_CLOCK: must be true or false/,
    );
  });

  it('is refused with NODE_ENV=production, which is also the default', () => {
    for (const env of [{ NODE_ENV: 'production', TEST_CLOCK: 'true' }, { TEST_CLOCK: 'true' }])
      expect(() => loadConfig(env)).toThrow(
        /TEST_CLOCK: a clock that tests move cannot run with NODE_ENV=production/,
      );
    expect(loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'false' }).testClock).toBe(false);
  });
});
