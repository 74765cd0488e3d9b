import { describe, expect, it } from 'vitest';
import { storableText, unstorableTexts } from './text-guard';

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
    expect(unstorableTexts(body, '').sort()).toEqual(
      ['contactInfo.phone', 'firstName', 'list.1', 'nested'].sort(),
    );
    expect(unstorableTexts({ search: 'a\u0000' }, 'querystring')).toEqual(['querystring.search']);
    expect(unstorableTexts(Object.create(null) as object, 'params')).toEqual([]);
  });

  it('reads no Buffer or other object, and stops naming fields at 20', () => {
    expect(unstorableTexts({ file: Buffer.from([0, 0, 0]) }, '')).toEqual([]);
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, '\u0000']));
    expect(unstorableTexts(many, '')).toHaveLength(20);
  });
});
