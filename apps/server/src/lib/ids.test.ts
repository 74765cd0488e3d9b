import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids';

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID that starts with the time in milliseconds', () => {
    const id = uuidv7(Date.UTC(2026, 10, 23, 14, 0, 0));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 23, 14));
  });

  it('sorts by time as text and as PostgreSQL compares uuids (byte by byte)', () => {
    const ids = [0, 1, 2, 1000, 86_400_000].map((ms) => uuidv7(Date.UTC(2026, 0, 1) + ms));
    expect([...ids].reverse().sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7(0))).size).toBe(1000);
  });
});
