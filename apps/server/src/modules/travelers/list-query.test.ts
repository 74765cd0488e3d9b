import { describe, expect, it } from 'vitest';
import { StatementCache } from './list-query';

describe('The statements kept by shape (StatementCache)', () => {
  it('never holds more than its limit, however many shapes it is asked for (decision 065)', () => {
    const cache = new StatementCache(500);
    let built = 0;
    for (let i = 0; i < 1_234; i++) {
      cache.get(`shape ${i}`, (name) => ({ name, built: ++built }));
      expect(cache.size).toBeLessThanOrEqual(500);
    }
    expect(built).toBe(1_234);
  });

  it('builds a shape once while it is kept', () => {
    const cache = new StatementCache(3);
    const names = ['a', 'b', 'a', 'c', 'a'].map((key) => cache.get(key, (name) => name));
    expect(names[0]).toBe(names[2]);
    expect(names[2]).toBe(names[4]);
    expect(new Set(names).size).toBe(3);
  });
});
