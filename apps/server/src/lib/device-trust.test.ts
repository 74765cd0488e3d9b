import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDeviceTrust, DEVICE_TOKEN_DAYS } from './device-trust';

const DAY = 24 * 60 * 60 * 1000;

describe('device tokens', () => {
  it('are good for their account until they expire', () => {
    let t = Date.UTC(2026, 10, 23, 12);
    const key = randomBytes(32);
    const trust = createDeviceTrust({ key, now: () => new Date(t) });
    const token = trust.issue('maria@example.com', 'stamp-1');
    const id = trust.verify(token, 'maria@example.com', 'stamp-1');
    expect(id).toMatch(/^[\w-]{22}$/);
    expect(trust.verify(token, 'juan@example.com', 'stamp-1')).toBeUndefined();
    // A new password (another stamp) ends it.
    expect(trust.verify(token, 'maria@example.com', 'stamp-2')).toBeUndefined();
    // Another server key (another installation, a new ENCRYPTION_KEY) does not accept it.
    expect(
      createDeviceTrust({ key: randomBytes(32) }).verify(token, 'maria@example.com', 'stamp-1'),
    ).toBe(undefined);
    expect(
      createDeviceTrust({ key, now: () => new Date(t) }).verify(
        token,
        'maria@example.com',
        'stamp-1',
      ),
    ).toBe(id);
    t += DEVICE_TOKEN_DAYS * DAY - 1000;
    expect(trust.verify(token, 'maria@example.com', 'stamp-1')).toBe(id);
    t += 2000;
    expect(trust.verify(token, 'maria@example.com', 'stamp-1')).toBeUndefined();
  });

  it('are refused when altered, malformed or from the future', () => {
    let t = Date.UTC(2026, 10, 23, 12);
    const trust = createDeviceTrust({ now: () => new Date(t) });
    const token = trust.issue('maria@example.com', 'stamp-1');
    const [issued, id, signature] = token.split('.') as [string, string, string];
    for (const bad of [
      undefined,
      '',
      `${issued}.${id}`,
      `${token}.x`,
      `${issued}.${id}x.${signature}`,
      `${issued}.${id}.${signature.slice(1)}`,
      `1e9.${id}.${signature}`,
      `${issued}.${id}.`,
    ])
      expect(trust.verify(bad, 'maria@example.com', 'stamp-1'), String(bad)).toBeUndefined();
    t -= 10 * 60 * 1000;
    expect(trust.verify(token, 'maria@example.com', 'stamp-1')).toBeUndefined();
  });
});
