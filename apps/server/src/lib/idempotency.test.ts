import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { assertSameRequest, fingerprintOf } from './idempotency';

describe('fingerprintOf', () => {
  const body = {
    firstName: 'Hans',
    contactInfo: { email: 'hans@example.de', phone: '+49 30 1234567' },
    tags: ['a', 'b'],
    age: 45,
    signed: true,
    note: null,
  };

  it('is the same for the same data in any order, and for a property null, empty or left out', () => {
    expect(fingerprintOf(body)).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf(structuredClone(body))).toBe(fingerprintOf(body));
    expect(fingerprintOf(Object.fromEntries(Object.entries(body).reverse()))).toBe(
      fingerprintOf(body),
    );
    const { note: _, ...withoutNote } = body;
    for (const same of [{ ...body, extra: undefined }, { ...body, extra: '' }, withoutNote])
      expect(fingerprintOf(same)).toBe(fingerprintOf(body));
  });

  it('differs for any change of a value, a type, or where strings split', () => {
    const changed = [
      { ...body, firstName: 'Hanz' },
      { ...body, contactInfo: { ...body.contactInfo, phone: '+49 30 1234568' } },
      { ...body, tags: ['ab'] },
      { ...body, tags: ['a', 'b', ''] },
      { ...body, age: '45' },
      { ...body, signed: 'true' },
      { ...body, note: 'null' },
      { ...body, age: 0 },
      { ...body, signed: false },
    ];
    const fingerprints = new Set([body, ...changed].map(fingerprintOf));
    expect(fingerprints.size).toBe(changed.length + 1);
    // Strings that would join into the same text.
    expect(fingerprintOf(['ab', 'c'])).not.toBe(fingerprintOf(['a', 'bc']));
    expect(fingerprintOf({ a: 'b:c' })).not.toBe(fingerprintOf({ 'a:b': 'c' }));
  });
});

describe('assertSameRequest', () => {
  it('passes the same fingerprint and one recorded before fingerprints were', () => {
    expect(() => assertSameRequest('abc', 'abc')).not.toThrow();
    expect(() => assertSameRequest(null, 'abc')).not.toThrow();
  });

  it('refuses another fingerprint with IDEMPOTENCY_KEY_REUSED', () => {
    try {
      assertSameRequest('abc', 'abd');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
  });
});
