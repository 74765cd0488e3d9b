import { describe, expect, it } from 'vitest';
import { printedSpellings, properCaseName } from './names';

describe('properCaseName', () => {
  it.each([
    ['GIULIA', 'Giulia'],
    ['ROSSI', 'Rossi'],
    ['MARIA JOSE', 'Maria Jose'],
    ['DE LA CRUZ', 'de la Cruz'],
    ['VAN DER BERG', 'van der Berg'],
    ['DOS SANTOS', 'dos Santos'],
    ['MCDONALD', 'McDonald'],
    ['MACY', 'Macy'],
    ["O'NEIL", "O'Neil"],
    ['JEAN-PIERRE', 'Jean-Pierre'],
    ['  ANNA   MARIA ', 'Anna Maria'],
    // A name that is nothing but a particle stays a name.
    ['DE', 'De'],
    ['LA', 'La'],
    ['', ''],
  ])('%s → %s', (raw, proper) => {
    expect(properCaseName(raw)).toBe(proper);
  });

  it('leaves a name typed in mixed case as it is', () => {
    expect(properCaseName('McKenzie-Smith')).toBe('McKenzie-Smith');
    expect(properCaseName('de Vries')).toBe('de Vries');
  });
});

describe('printedSpellings', () => {
  it('restores the umlauts a German, Austrian or Swiss MRZ writes as AE, OE, UE', () => {
    expect(printedSpellings('Mueller', 'DEU')).toEqual(['Müller']);
    expect(printedSpellings('Mueller', 'D')).toEqual(['Müller']);
    expect(printedSpellings('Gruen', 'AUT')).toEqual(['Grün']);
    expect(printedSpellings('Schroeder', 'CHE')).toEqual(['Schröder']);
    expect(printedSpellings('Baer', 'DEU')).toEqual(['Bär']);
  });
  it('uses each state’s own letters (Swedish Å and Ö, Danish Æ and Ø)', () => {
    expect(printedSpellings('Aaberg', 'SWE')).toEqual(['Åberg']);
    expect(printedSpellings('Soerensen', 'DNK')).toEqual(['Sørensen']);
  });
  it('does not offer umlauts for names that are written so (Michael, Samuel, Zoe) or for other states', () => {
    expect(printedSpellings('Michael', 'DEU')).toEqual([]);
    expect(printedSpellings('Manuela', 'DEU')).toEqual([]);
    expect(printedSpellings('Samuel', 'AUT')).toEqual([]);
    expect(printedSpellings('Zoe', 'DEU')).toEqual([]);
    expect(printedSpellings('Mueller', 'USA')).toEqual([]);
    expect(printedSpellings('Manuel', 'ESP')).toEqual([]);
  });
  it('offers the hyphen of a compound name and an apostrophe the MRZ dropped', () => {
    expect(printedSpellings('Jean Pierre', 'FRA')).toEqual(['Jean-Pierre']);
    expect(printedSpellings('Dupont Durand', 'FRA')).toEqual(['Dupont-Durand']);
    expect(printedSpellings('O Neil', 'IRL')).toEqual(["O'Neil"]);
    // Spanish documents print compound names with a space; a particle is no second name.
    expect(printedSpellings('Maria Jose', 'ESP')).toEqual([]);
    expect(printedSpellings('van Dijk', 'NLD')).toEqual([]);
  });
  it('gives both where both apply, at most two', () => {
    expect(printedSpellings('Hans Juergen', 'DEU')).toEqual(['Hans Jürgen', 'Hans-Juergen']);
  });
});
