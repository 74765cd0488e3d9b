import { describe, expect, it } from 'vitest';
import { EmailSchema, oneLine, optionalText, text } from './common';
import { localDateTimeOf } from './dates';
import { DocumentNumberSchema } from './travelers';

describe('one-line texts', () => {
  it('turn line breaks and tabs into spaces and drop control and invisible characters', () => {
    expect(oneLine('Ana\u200B\tMaría\r\nLópez\u0085\uFEFF')).toBe('Ana María López');
    expect(text(50).parse('  Jon\u2060\u0000 ')).toBe('Jon');
    // Joiners that some scripts need (Persian, emoji) stay.
    expect(text(50).parse('می\u200Cخواهم')).toBe('می\u200Cخواهم');
  });

  it('refuse a required text made only of invisible characters, and leave an optional one out', () => {
    expect(text(50).safeParse('\u200B\u200B\uFEFF').success).toBe(false);
    expect(optionalText(50).parse('\u200B \u0007')).toBeUndefined();
  });
});

describe('limits of the authorities', () => {
  it('an e-mail has at most 250 characters and a document number 15 (SES correo, numeroDocumento)', () => {
    const local = 'a'.repeat(250 - '@example.com'.length);
    expect(EmailSchema.safeParse(`${local}@example.com`).success).toBe(true);
    expect(EmailSchema.safeParse(`${local}a@example.com`).success).toBe(false);
    expect(DocumentNumberSchema.safeParse('A'.repeat(15)).success).toBe(true);
    expect(DocumentNumberSchema.safeParse('A'.repeat(16)).success).toBe(false);
  });
});

describe('localDateTimeOf', () => {
  it('writes a moment as the local time in Spain, summer and winter', () => {
    expect(localDateTimeOf(new Date('2026-06-01T22:30:00Z'))).toBe('2026-06-02T00:30:00');
    expect(localDateTimeOf(new Date('2026-01-15T23:59:59Z'))).toBe('2026-01-16T00:59:59');
    expect(localDateTimeOf(new Date('2026-01-15T10:00:00Z'), 'Atlantic/Canary')).toBe(
      '2026-01-15T10:00:00',
    );
  });
});
