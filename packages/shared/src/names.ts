/**
 * Names read from a machine-readable zone, made fit for forms, PDFs and e-mails: the MRZ has
 * only capitals, no accents, no hyphens or apostrophes, and ICAO transliterations (Ü → UE).
 * Pure; used where a scan fills the traveler form (the desk's and the public self check-in's).
 */

/** Words that stay in lower case inside a name (de la Cruz, van Dijk, von Trapp, dos Santos). */
const PARTICLES = new Set([
  'da',
  'das',
  'de',
  'del',
  'della',
  'der',
  'di',
  'do',
  'dos',
  'du',
  'la',
  'las',
  'le',
  'los',
  'ten',
  'ter',
  'van',
  'von',
  'y',
  'zu',
]);

function capitalise(part: string): string {
  if (!part) return part;
  const lower = part.toLocaleLowerCase('en');
  // McDonald; not Mac (Mack, Macy are names of their own).
  if (/^mc[a-z]{2,}/.test(lower)) return 'Mc' + lower[2]!.toUpperCase() + lower.slice(3);
  return lower[0]!.toUpperCase() + lower.slice(1);
}

/**
 * A name in proper case: each word capitalised (also after a hyphen or an apostrophe: Jean-Pierre,
 * O'Neil), known particles in lower case unless the name is nothing else, McX kept. Text that is
 * already in mixed case is left as it is (a person typed it so).
 */
export function properCaseName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!trimmed || trimmed !== trimmed.toUpperCase()) return trimmed;
  const words = trimmed.split(' ');
  const allParticles = words.every((w) => PARTICLES.has(w.toLowerCase()));
  return words
    .map((word) => {
      if (!allParticles && words.length > 1 && PARTICLES.has(word.toLowerCase()))
        return word.toLowerCase();
      return word
        .split(/([-'’])/)
        .map((part) => (/^[-'’]$/.test(part) ? part : capitalise(part)))
        .join('');
    })
    .join(' ');
}

/**
 * ICAO 9303-3 transliterations a state's documents use for letters the MRZ cannot hold: the
 * MRZ's pair of letters and the printed letter, by issuing state (ISO alpha-3 or MRZ code).
 */
const TRANSLITERATIONS: Record<string, ReadonlyArray<readonly [string, string]>> = {};
const GERMANIC: ReadonlyArray<readonly [string, string]> = [
  ['AE', 'Ä'],
  ['OE', 'Ö'],
  ['UE', 'Ü'],
];
const SWEDISH_FINNISH: ReadonlyArray<readonly [string, string]> = [
  ['AE', 'Ä'],
  ['OE', 'Ö'],
  ['AA', 'Å'],
];
const DANISH_NORWEGIAN: ReadonlyArray<readonly [string, string]> = [
  ['AE', 'Æ'],
  ['OE', 'Ø'],
  ['AA', 'Å'],
];
for (const state of ['DEU', 'D', 'AUT', 'CHE', 'LIE']) TRANSLITERATIONS[state] = GERMANIC;
for (const state of ['SWE', 'FIN']) TRANSLITERATIONS[state] = SWEDISH_FINNISH;
for (const state of ['DNK', 'NOR']) TRANSLITERATIONS[state] = DANISH_NORWEGIAN;

/**
 * `text` with `pair` replaced by `letter`, keeping the case of the pair's first letter. Not where
 * the pair is most likely written as it is: at the end of a word (Zoe, Chloe), before a final
 * l (Michael, Samuel, Joel, Manuela), or after q (Quelle).
 */
function restore(text: string, pair: string, letter: string): string {
  const keep = '(?!$|[\\s-]|l[aeiou]?(?:$|[\\s-]))';
  return text.replace(new RegExp(`(?<!q)${pair}${keep}`, 'gi'), (found) =>
    found[0] === found[0]!.toUpperCase() ? letter : letter.toLowerCase(),
  );
}

/**
 * How the name may be printed on the document, when its MRZ form lost something: the letters the
 * issuing state transliterates (MUELLER → Müller for Germany) and the hyphen of a compound name
 * that the MRZ writes with a filler (JEAN<PIERRE → Jean-Pierre). Guesses for a person to accept
 * with one tap, never applied on their own (Manuel is no Manül). `name` as properCaseName gives
 * it; at most two suggestions, none equal to `name`.
 */
export function printedSpellings(name: string, issuingState: string): string[] {
  const out: string[] = [];
  const add = (candidate: string) => {
    if (candidate !== name && !out.includes(candidate)) out.push(candidate);
  };
  const isoState = issuingState.replace(/</g, '');
  const rules = TRANSLITERATIONS[isoState];
  if (rules) {
    let restored = name;
    for (const [pair, letter] of rules) restored = restore(restored, pair, letter);
    add(restored);
  }
  // Two words where the MRZ had a filler, neither a particle: perhaps one hyphenated name
  // (Spanish documents print compound names with a space: María José).
  const words = name.split(' ');
  if (
    isoState !== 'ESP' &&
    words.length === 2 &&
    words.every((w) => w.length > 1 && !PARTICLES.has(w.toLowerCase()))
  )
    add(words.join('-'));
  // O Neil, D Angelo: an apostrophe the MRZ dropped.
  if (/^[OD] \S/.test(name)) add(name.replace(' ', "'"));
  return out.slice(0, 2);
}
