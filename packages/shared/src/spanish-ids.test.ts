import { describe, expect, it } from 'vitest';
import {
  compactId,
  isValidCif,
  isValidDni,
  isValidNie,
  isValidNif,
  isValidSpecialNif,
} from './spanish-ids';

describe('Spanish identity numbers', () => {
  it.each(['12345678Z', '12345678-z', ' 00000000T ', '00000022E'])('accepts the DNI %s', (v) => {
    expect(isValidDni(v)).toBe(true);
  });
  it.each(['12345678A', '1234567Z', 'ABCDEFGHZ', ''])('rejects the DNI %s', (v) => {
    expect(isValidDni(v)).toBe(false);
  });
  it.each(['X2482300W', 'Y1234567X', 'Z1234567R'])('accepts the NIE %s', (v) => {
    expect(isValidNie(v)).toBe(true);
  });
  it.each(['X2482300A', 'W2482300W', 'X248230W'])('rejects the NIE %s', (v) => {
    expect(isValidNie(v)).toBe(false);
  });
  it('checks K, L and M NIFs with the mod-23 rule on their seven digits', () => {
    expect(isValidSpecialNif('K1234567L')).toBe(true);
    expect(isValidSpecialNif('K1234567A')).toBe(false);
  });
  it.each(['B58378431', 'A58818501', 'Q2826000H', 'ESB58378431', 'G58378431', 'G5837843A'])(
    'accepts the CIF %s',
    (v) => expect(isValidCif(v)).toBe(true),
  );
  it.each(['B58378432', 'Q2826000A', 'Q28260008', 'A5881850A', 'I58378431', 'B5837843'])(
    'rejects the CIF %s',
    (v) => expect(isValidCif(v)).toBe(false),
  );
  it('accepts any kind of NIF and rejects garbage', () => {
    expect(isValidNif('12345678Z')).toBe(true);
    expect(isValidNif('X2482300W')).toBe(true);
    expect(isValidNif('B58378431')).toBe(true);
    expect(isValidNif('B-58378431')).toBe(true);
    expect(isValidNif('hello')).toBe(false);
  });
  it('compacts before validating', () => {
    expect(compactId(' es-b58.378.431 ', true)).toBe('B58378431');
  });
});
