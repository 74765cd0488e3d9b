import { describe, expect, it } from 'vitest';
import { breakLines, POSTER_CALLS, wrapLines } from './poster';

/** Ten pixels a character. */
const measure = (text: string) => text.length * 10;

describe('the printable sign', () => {
  it('wraps a long establishment name at spaces', () => {
    expect(wrapLines('Albergue de Peregrinos San Roque de Melide', 200, measure)).toEqual([
      'Albergue de',
      'Peregrinos San Roque',
      'de Melide',
    ]);
    expect(wrapLines('Casa', 200, measure)).toEqual(['Casa']);
    // A word wider than the line keeps a line of its own rather than vanishing.
    expect(wrapLines('Supercalifragilistic inn', 100, measure)).toEqual([
      'Supercalifragilistic',
      'inn',
    ]);
  });

  it('breaks a link character by character', () => {
    expect(breakLines('https://example.com/c/abcdef', 100, measure)).toEqual([
      'https://ex',
      'ample.com/',
      'c/abcdef',
    ]);
  });

  it('asks to register in the languages pilgrims most read, one line each', () => {
    expect(POSTER_CALLS.map((c) => c.lang)).toEqual(
      expect.arrayContaining(['es', 'en', 'fr', 'de', 'it', 'pt', 'ko', 'ja']),
    );
    for (const call of POSTER_CALLS) expect(call.text.length).toBeLessThan(45);
  });
});
