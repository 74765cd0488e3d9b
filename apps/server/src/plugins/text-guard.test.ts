import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, storableText, unstorableTexts } from './text-guard';

const characters = 'validation.invalidCharacters';

describe('storableText', () => {
  it('takes any Unicode text, and refuses a NUL character or a lone surrogate', () => {
    for (const ok of ['', 'Núñez', '中文 🙂', 'a\tb\nc', '\ud83d\ude42'])
      expect(storableText(ok)).toBe(true);
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'x\udfffy', '\ude42\ud83d'])
      expect(storableText(bad)).toBe(false);
  });
});

describe('unstorableTexts', () => {
  it('names each field, nested or in a list, and the object whose key is unstorable', () => {
    const body = {
      firstName: 'A\u0000B',
      contactInfo: { email: 'ok@example.com', phone: '\ud800' },
      list: ['fine', 'bad\u0000'],
      nested: { 'key\u0000': 'value' },
      number: 3,
    };
    expect(
      unstorableTexts(body, '')
        .map((r) => r.field)
        .sort(),
    ).toEqual(['contactInfo.phone', 'firstName', 'list.1', 'nested'].sort());
    expect(unstorableTexts({ search: 'a\u0000' }, 'querystring')).toEqual([
      { field: 'querystring.search', code: characters },
    ]);
    expect(unstorableTexts({ gender: ['M', '\u0000'] }, 'querystring')).toEqual([
      { field: 'querystring.gender.1', code: characters },
    ]);
    expect(unstorableTexts('\u0000', '')).toEqual([{ field: 'body', code: characters }]);
    // A key of the body's top level: the body is named.
    expect(unstorableTexts({ 'k\u0000': 1 }, '')).toEqual([{ field: 'body', code: characters }]);
    expect(unstorableTexts({ 'k\u0000': 1 }, 'querystring')).toEqual([
      { field: 'querystring', code: characters },
    ]);
    expect(unstorableTexts(Object.create(null) as object, 'params')).toEqual([]);
  });

  it('refuses a body nested deeper than any schema, once, without reading further', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const [refusal, ...more] = unstorableTexts({ firstName: deep }, '');
    expect(more).toEqual([]);
    expect(refusal!.code).toBe('validation.invalid');
    expect(refusal!.field.split('.')).toHaveLength(MAX_DEPTH);
    let shallow: unknown = '\u0000';
    for (let i = 0; i < MAX_DEPTH - 2; i++) shallow = [shallow];
    expect(unstorableTexts({ a: shallow }, '')[0]!.code).toBe(characters);
  });

  it('cuts a field name longer than 200 characters', () => {
    const [refusal] = unstorableTexts({ ['k'.repeat(5000)]: '\u0000' }, '');
    expect(refusal!.field).toBe(`${'k'.repeat(200)}…`);
  });

  it('reads no Buffer or other object, and stops naming fields at 20', () => {
    expect(unstorableTexts({ file: Buffer.from([0, 0, 0]) }, '')).toEqual([]);
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, '\u0000']));
    expect(unstorableTexts(many, '')).toHaveLength(20);
  });
});
