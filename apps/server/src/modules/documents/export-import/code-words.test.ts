import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  EMERGENCY_RELATIONSHIPS,
  GENDERS,
  KINSHIP_CODES,
  PAYMENT_TYPES,
} from '@hospes/shared/codes';
import { TRAVELER_COLUMNS } from '@hospes/shared/documents';
import { LANGUAGES } from '@hospes/shared/languages';
import { CODED_COLUMNS, codeOfWord, codeWord, partsOf } from './code-words';

const CODES: Record<string, readonly string[]> = {
  gender: GENDERS,
  documentType: DOCUMENT_TYPES,
  language: LANGUAGES,
  kinship: KINSHIP_CODES,
  'emergencyContact.relationship': EMERGENCY_RELATIONSHIPS,
  'stay.paymentType': PAYMENT_TYPES,
  source: ['registration', 'import'],
};

describe('coded columns', () => {
  it('are the columns of type code', () => {
    expect(TRAVELER_COLUMNS.filter((c) => c.type === 'code').map((c) => c.key)).toEqual(
      CODED_COLUMNS,
    );
  });

  it('write every code as a word of every language, which reads back as that code', () => {
    for (const key of CODED_COLUMNS) {
      for (const lng of LANGUAGES) {
        for (const code of CODES[key]!) {
          const word = codeWord(lng, key, code);
          // A Spanish host reads Hermano/a and Efectivo, not sibling and EFECT.
          if (lng === 'es') expect(word, `${key} ${code}`).not.toBe(code);
          expect(codeOfWord(key, word), `${lng} ${key} ${code}: ${word}`).toBe(code);
          expect(codeOfWord(key, word.toUpperCase()), `${lng} ${key} ${code}: ${word}`).toBe(code);
        }
      }
    }
  });

  it('read the codes in any case, and a word without its accents', () => {
    expect(codeOfWord('emergencyContact.relationship', 'SIBLING')).toBe('sibling');
    expect(codeOfWord('stay.paymentType', 'efect')).toBe('EFECT');
    expect(codeOfWord('kinship', 'hr')).toBe('HR');
    expect(codeOfWord('documentType', 'x')).toBe('X');
    expect(codeOfWord('language', 'ES')).toBe('es');
    expect(codeOfWord('emergencyContact.relationship', 'CONYUGE O PAREJA')).toBe('spouse');
    expect(codeOfWord('kinship', 'Tio/a')).toBe('TI');
  });

  it('read one of a pair (hermano for Hermano/a, padre for Padre o madre) and other tools’ codes', () => {
    const relationship = (w: string) => codeOfWord('emergencyContact.relationship', w);
    for (const sibling of ['hermano', 'Hermana', 'frère', 'Sœur', 'брат', 'irmã'])
      expect(relationship(sibling), sibling).toBe('sibling');
    for (const parent of ['padre', 'MADRE', 'pare', 'Parent', 'Elternteil'])
      expect(relationship(parent), parent).toBe('parent');
    expect(relationship('amiga')).toBe('friend');
    expect(relationship('companheira')).toBe('spouse');
    expect(codeOfWord('kinship', 'hija')).toBe('HJ');
    expect(codeOfWord('kinship', 'abuela')).toBe('AB');
    expect(codeOfWord('kinship', 'Schwiegertochter')).toBe('YN');
    expect(codeOfWord('documentType', 'dni')).toBe('D');
    expect(codeOfWord('documentType', 'NIE')).toBe('N');
    expect(codeOfWord('documentType', 'NIF')).toBe('D');
    expect(codeOfWord('documentType', 'PAS')).toBe('P');
    expect(codeOfWord('language', 'alemán')).toBe('de');
    expect(codeOfWord('language', 'German')).toBe('de');
    expect(codeOfWord('language', 'valenciano')).toBe('va');
    expect(codeOfWord('language', 'en-GB')).toBe('en');
  });

  it('leave out a part two codes share, and what no language writes', () => {
    // Italian writes both the grandchild and the nephew as nipote.
    expect(codeOfWord('kinship', 'nipote')).toBeUndefined();
    expect(codeOfWord('kinship', 'Nipote (di nonni)')).toBe('NI');
    expect(codeOfWord('emergencyContact.relationship', 'primo')).toBeUndefined();
    expect(codeOfWord('documentType', 'OTRO')).toBeUndefined();
    expect(codeOfWord('stay.paymentType', '')).toBeUndefined();
  });

  it('split a word into single words only', () => {
    expect(partsOf('Hermano/a').sort()).toEqual(['hermana', 'hermano']);
    expect(partsOf('Amigo(a)').sort()).toEqual(['amiga', 'amigo']);
    expect(partsOf('Padre o madre').sort()).toEqual(['madre', 'padre']);
    expect(partsOf('Spanish ID card (DNI)').sort()).toEqual(['dni', 'spanish id card']);
    expect(partsOf('西班牙身份证（DNI）').sort()).toEqual(['dni', '西班牙身份证']);
    expect(partsOf('Son- or daughter-in-law')).toEqual([]);
    expect(partsOf('Otro familiar')).toEqual([]);
    expect(partsOf('祖父母/外祖父母').sort()).toEqual(['外祖父母', '祖父母']);
  });
});
