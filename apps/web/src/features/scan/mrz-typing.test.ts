import { describe, expect, it } from 'vitest';
import { createMrzKeyDetector, mrzFromText, type MrzKeyVerdict } from './mrz-typing';

// The ICAO 9303 specimens.
const TD3 = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];
const TD1 = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];

/** Types `keys` into the detector, one every `gap` ms; the verdict of each key. */
function type(keys: string[], gap = 8, detector = createMrzKeyDetector()) {
  let time = 1_000;
  return keys.map((key) => {
    time += gap;
    return { key, ...detector.key(key, time) } as { key: string } & MrzKeyVerdict;
  });
}

const keysOf = (lines: string[], end = 'Enter') =>
  lines.flatMap((line) => [...line, end].filter(Boolean));

describe('an MRZ typed by a USB reader', () => {
  it('is found with the last character of its last line; every Enter of its lines is swallowed', () => {
    const verdicts = type(keysOf(TD3));
    const found = verdicts.filter((v) => v.mrz);
    expect(found).toHaveLength(1);
    expect(verdicts.indexOf(found[0]!)).toBe(TD3[0]!.length + 1 + TD3[1]!.length - 1);
    expect(found[0]?.mrz?.documentNumber).toBe('L898902C3');
    expect(found[0]?.mrz?.surnames).toEqual(['ERIKSSON']);
    expect(verdicts.filter((v) => v.key === 'Enter').every((v) => v.swallow)).toBe(true);
    // Of the characters, only that last one is kept from the field.
    expect(verdicts.filter((v) => v.key !== 'Enter' && v.swallow)).toEqual([found[0]]);
  });

  it('reads the three lines of an identity card (TD1)', () => {
    const found = type(keysOf(TD1)).filter((v) => v.mrz);
    expect(found.map((v) => v.mrz?.format)).toEqual(['TD1']);
    expect(found[0]?.mrz?.valid).toBe(true);
  });

  it('is found when the reader sends no Enter at the end; an Enter a moment later is swallowed', () => {
    const keys = [...TD3[0]!, 'Enter', ...TD3[1]!];
    const detector = createMrzKeyDetector();
    const verdicts = type(keys, 8, detector);
    const last = verdicts.at(-1);
    expect(last?.mrz?.format).toBe('TD3');
    expect(last?.swallow).toBe(true);
    expect(verdicts.filter((v) => v.mrz)).toHaveLength(1);
    // The Enter the reader sends a moment later does not send the form.
    expect(detector.key('Enter', 1_000 + 8 * keys.length + 10)).toEqual({ swallow: true });
  });

  it('is found when typed as one run without line breaks and ended by Enter', () => {
    const found = type([...TD3.join(''), 'Enter']).filter((v) => v.mrz);
    expect(found.map((v) => v.mrz?.documentNumber)).toEqual(['L898902C3']);
  });

  it('lower case from a reader set to another keyboard layout still counts', () => {
    const found = type(keysOf(TD3.map((line) => line.toLowerCase()))).filter((v) => v.mrz);
    expect(found).toHaveLength(1);
  });

  it('is not an MRZ when typed at a person’s pace: nothing found, Enter sends the form', () => {
    const verdicts = type(keysOf(TD3), 120);
    expect(verdicts.some((v) => v.mrz || v.swallow)).toBe(false);
  });

  it('a pause inside the run starts over: half a zone never counts', () => {
    const detector = createMrzKeyDetector();
    type([...TD3[0]!, 'Enter'], 8, detector);
    // The second line comes a second later, at reader speed: it is no MRZ on its own.
    let time = 10_000;
    const verdicts = [...TD3[1]!, 'Enter'].map((key) => detector.key(key, (time += 8)));
    expect(verdicts.some((v) => v.mrz)).toBe(false);
    // Its Enter is held as the end of a first line; a person's Enter a moment later is not.
    expect(detector.key('Enter', time + 500)).toEqual({ swallow: false });
  });

  it('a fast Enter after ordinary text (a barcode of a number) is left alone', () => {
    const verdicts = type([...'ABC123456', 'Enter']);
    expect(verdicts.some((v) => v.mrz || v.swallow)).toBe(false);
  });

  it('a character outside the MRZ alphabet ends the run', () => {
    const keys = keysOf(TD3);
    keys.splice(50, 0, 'é');
    expect(type(keys).some((v) => v.mrz)).toBe(false);
  });
});

describe('an MRZ pasted', () => {
  it('is read from its lines, with spaces and a final line break', () => {
    expect(mrzFromText(`${TD1.join('\r\n')}\n`)?.format).toBe('TD1');
    expect(mrzFromText(` ${TD3[0]} \n ${TD3[1]}`)?.documentNumber).toBe('L898902C3');
  });

  it('is read from one run of the whole zone', () => {
    expect(mrzFromText(TD1.join(''))?.format).toBe('TD1');
    expect(mrzFromText(TD3.join(''))?.format).toBe('TD3');
  });

  it('is nothing else: an address, half a zone, text of the right length without fillers', () => {
    expect(mrzFromText('Calle Mayor 1\n28001 Madrid')).toBeNull();
    expect(mrzFromText(TD3[0]!)).toBeNull();
    expect(mrzFromText('A'.repeat(88))).toBeNull();
  });
});
