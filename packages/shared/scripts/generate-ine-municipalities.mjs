#!/usr/bin/env node
/**
 * Generates the INE municipality data of packages/shared/src/generated/ from the two CSV files of the
 * reference (ses-hospedajes.md §1.6 and §8, decision 026):
 *
 * - municipios-ine-2023.csv (INE, `CODAUTO;CPRO;CMUN;DC;NOMBRE`): the municipalities. The code SES
 *   wants is CPRO + CMUN (5 digits), never the check digit DC.
 * - codigos-postales-municipios-2023.csv (`codigo_postal,municipio_id,municipio_nombre`): which
 *   municipalities a postal code covers (one row per pair; a postal code may have several rows).
 *
 * Writes two files, both committed (nothing is downloaded at run time):
 *
 * - src/generated/ine-municipality-codes.ts (≈2 KB): the set of codes, as ranges per province, and the
 *   postal codes whose municipality lies in another province. Imported statically by the shared
 *   validation (travelerRecordIssues, the SES pre-flight), so the web form checks a code at once.
 * - src/generated/ine-municipalities.ts: names and the postal-code map. Loaded on demand (a dynamic
 *   import in ine-municipality-index.ts), so it is a separate chunk of the web app.
 *
 * Usage (from the repo root):
 *   node packages/shared/scripts/generate-ine-municipalities.mjs [dir-with-the-csvs]
 * The directory defaults to $HOSPES_REFERENCE/data/ine-municipios, else
 * ../shared/reference/data/ine-municipios next to the repo. Then run `npx vitest run --project shared
 * packages/shared/src/ine-municipalities.test.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const sourceDir =
  process.argv[2] ??
  (process.env.HOSPES_REFERENCE
    ? path.join(process.env.HOSPES_REFERENCE, 'data/ine-municipios')
    : path.resolve(repo, '../shared/reference/data/ine-municipios'));
const outDir = path.resolve(here, '../src/generated');

const MUNICIPALITIES_CSV = 'municipios-ine-2023.csv';
const POSTAL_CODES_CSV = 'codigos-postales-municipios-2023.csv';
/** A Spanish postal code or INE code: province 01–52, then three digits. */
const SPANISH_CODE = /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/;

/** Minimal CSV: separator, double-quoted fields with "" escapes, CRLF or LF. */
function parseCsv(text, separator) {
  const rows = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const fields = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"') quoted = true;
      else if (c === separator) {
        fields.push(field);
        field = '';
      } else field += c;
    }
    fields.push(field);
    rows.push(fields);
  }
  const [header, ...data] = rows;
  return data.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

const ARTICLES = new Set(
  ['A', 'O', 'As', 'Os', 'El', 'La', 'Los', 'Las', 'Els', 'Les', 'Es', 'Sa', 'Ses', "L'"].flatMap(
    (a) => [a, a.toLowerCase()],
  ),
);

/**
 * The INE spelling as people write it: "Coruña, A" → "A Coruña", "Alfàs del Pi, l'" → "L'Alfàs
 * del Pi", "Pinós, el/Pinoso" → "El Pinós/Pinoso"; spaces trimmed ("Palma " → "Palma").
 */
export function displayName(ineName) {
  return ineName
    .trim()
    .split('/')
    .map((part) => {
      const m = /^(.*), ([^,]+)$/.exec(part.trim());
      if (!m || !ARTICLES.has(m[2])) return part.trim();
      const article = m[2][0].toUpperCase() + m[2].slice(1);
      return article.endsWith("'") ? `${article}${m[1]}` : `${article} ${m[1]}`;
    })
    .join('/');
}

function main() {
  const read = (name) => fs.readFileSync(path.join(sourceDir, name), 'utf8');
  const municipalities = new Map();
  for (const row of parseCsv(read(MUNICIPALITIES_CSV), ';')) {
    const code = `${row.CPRO}${row.CMUN}`;
    if (!SPANISH_CODE.test(code)) throw new Error(`Unexpected INE code ${code}`);
    if (municipalities.has(code)) throw new Error(`Duplicate INE code ${code}`);
    if (/[|=\n]/.test(row.NOMBRE)) throw new Error(`Name with a separator: ${row.NOMBRE}`);
    municipalities.set(code, { name: displayName(row.NOMBRE), aliases: new Set() });
  }

  /** postal code → INE codes, in the order of the file. */
  const postal = new Map();
  let skipped = 0;
  for (const row of parseCsv(read(POSTAL_CODES_CSV), ',')) {
    const { codigo_postal: postalCode, municipio_id: code, municipio_nombre: name } = row;
    // Odd rows (00043, 00085, 00633…): not a Spanish postal code; left out.
    if (!SPANISH_CODE.test(postalCode) || !municipalities.has(code)) {
      skipped++;
      continue;
    }
    const list = postal.get(postalCode) ?? [];
    if (!list.includes(code)) list.push(code);
    postal.set(postalCode, list);
    // Another spelling of the name (Valencia for València, Palma de Mallorca…) finds it too.
    const entry = municipalities.get(code);
    const alias = displayName(name);
    if (alias !== entry.name && !/[|=\n]/.test(alias)) entry.aliases.add(alias);
  }

  const codes = [...municipalities.keys()].sort();
  const byProvince = (keys) => {
    const groups = new Map();
    for (const key of keys) {
      const province = key.slice(0, 2);
      const group = groups.get(province) ?? [];
      group.push(key);
      groups.set(province, group);
    }
    return groups;
  };

  // Codes: per province "PP" + ranges of the last three digits, in base 10: "01001-004,006,008-010".
  const codeLines = [];
  for (const [province, keys] of byProvince(codes)) {
    const numbers = keys.map((key) => Number(key.slice(2)));
    const ranges = [];
    for (let i = 0; i < numbers.length;) {
      let j = i;
      while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
      const from = String(numbers[i]).padStart(3, '0');
      ranges.push(j > i ? `${from}-${String(numbers[j]).padStart(3, '0')}` : from);
      i = j + 1;
    }
    codeLines.push(`${province}${ranges.join(',')}`);
  }
  // Postal codes whose municipality is in another province (enclaves such as Treviño, and
  // border villages served by the neighbouring post office): "postal>INE".
  const crossProvince = [];
  for (const [postalCode, list] of [...postal].sort(([a], [b]) => a.localeCompare(b))) {
    for (const code of list)
      if (code.slice(0, 2) !== postalCode.slice(0, 2)) crossProvince.push(`${postalCode}>${code}`);
  }

  // Names: a line per province, in the order of the code lines, the names in the order of the
  // codes, joined by "|"; another spelling follows "=". The codes come from the ranges.
  const provinces = byProvince(codes);
  const nameLines = [...provinces.values()].map((keys) =>
    keys
      .map((key) => {
        const { name, aliases } = municipalities.get(key);
        return [name, ...aliases].join('=');
      })
      .join('|'),
  );
  // Postal codes: a line per postal province, "PP" then an entry per postal code, in order,
  // joined by "|". An entry is the step from the previous postal code in base 36 followed by ":"
  // (left out when the step is 1; the first step counts from PP000 − 1), then its municipalities:
  // each the position of the municipality in its province's list in two base-36 digits, or "+"
  // and the five-digit code when it is in another province.
  const postalLines = [];
  const postalCodes = [...postal.keys()].sort();
  for (const [province, keys] of byProvince(postalCodes)) {
    const list = provinces.get(province) ?? [];
    let previous = -1;
    const entries = keys.map((key) => {
      const number = Number(key.slice(2));
      const step = number - previous;
      previous = number;
      const refs = postal
        .get(key)
        .map((code) =>
          code.slice(0, 2) === province
            ? list.indexOf(code).toString(36).padStart(2, '0')
            : `+${code}`,
        )
        .join('');
      return `${step === 1 ? '' : `${step.toString(36)}:`}${refs}`;
    });
    postalLines.push(`${province}${entries.join('|')}`);
  }

  verify({ codes, municipalities, postal, codeLines, crossProvince, nameLines, postalLines });

  const header = (what) =>
    [
      '// Generated by packages/shared/scripts/generate-ine-municipalities.mjs: do not edit.',
      `// Source: ${MUNICIPALITIES_CSV} and ${POSTAL_CODES_CSV} (reference ses-hospedajes.md §8).`,
      `// ${what}`,
      '',
    ].join('\n');
  const literal = (lines) => JSON.stringify(lines.join('\n'));

  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, 'ine-municipality-codes.ts'),
    header(
      `${codes.length} INE municipality codes as ranges per province; ${crossProvince.length} postal codes of another province.`,
    ) +
      `export const INE_MUNICIPALITY_CODE_RANGES = ${literal(codeLines)};\n\n` +
      `export const CROSS_PROVINCE_POSTAL_CODES = ${JSON.stringify(crossProvince.join(','))};\n`,
  );
  fs.writeFileSync(
    path.join(outDir, 'ine-municipalities.ts'),
    header(
      `${codes.length} municipalities (names) and ${postalCodes.length} postal codes. Load it with a dynamic import.`,
    ) +
      `export const INE_MUNICIPALITY_NAMES = ${literal(nameLines)};\n\n` +
      `export const INE_POSTAL_CODES = ${literal(postalLines)};\n`,
  );
  console.log(
    `${codes.length} municipalities, ${postalCodes.length} postal codes, ${crossProvince.length} in another province, ${skipped} rows skipped → ${path.relative(repo, outDir)}`,
  );
}

/**
 * Decodes what is about to be written the way src/ine-municipalities.ts and
 * src/ine-municipality-index.ts do, and checks that it gives back every municipality, name and
 * postal-code pair of the CSVs. Throws on any difference.
 */
function verify({
  codes,
  municipalities,
  postal,
  codeLines,
  crossProvince,
  nameLines,
  postalLines,
}) {
  const byProvince = new Map();
  for (const line of codeLines) {
    const list = [];
    for (const range of line.slice(2).split(',')) {
      const [from, to = from] = range.split('-').map(Number);
      for (let n = from; n <= to; n++) list.push(line.slice(0, 2) + String(n).padStart(3, '0'));
    }
    byProvince.set(line.slice(0, 2), list);
  }
  const decoded = [...byProvince.values()].flat();
  if (decoded.join() !== codes.join()) throw new Error('Code ranges do not round-trip');
  [...byProvince.values()].forEach((list, i) => {
    const names = nameLines[i].split('|');
    if (names.length !== list.length) throw new Error(`Names out of step in line ${i}`);
    list.forEach((code, j) => {
      const [name, ...aliases] = names[j].split('=');
      const entry = municipalities.get(code);
      if (name !== entry.name || aliases.join() !== [...entry.aliases].join())
        throw new Error(`Name of ${code} does not round-trip`);
    });
  });
  const cross = new Set(crossProvince);
  let pairs = 0;
  for (const line of postalLines) {
    const province = line.slice(0, 2);
    const list = byProvince.get(province) ?? [];
    let number = -1;
    for (const entry of line.slice(2).split('|')) {
      const colon = entry.indexOf(':');
      number += colon < 0 ? 1 : parseInt(entry.slice(0, colon), 36);
      const refs = entry.slice(colon + 1);
      const found = [];
      for (let i = 0; i < refs.length;) {
        const other = refs[i] === '+';
        found.push(other ? refs.slice(i + 1, i + 6) : list[parseInt(refs.slice(i, i + 2), 36)]);
        i += other ? 6 : 2;
      }
      const postalCode = province + String(number).padStart(3, '0');
      if (found.join() !== (postal.get(postalCode) ?? []).join())
        throw new Error(`Postal code ${postalCode} does not round-trip`);
      for (const code of found) {
        if (code.slice(0, 2) !== province && !cross.has(`${postalCode}>${code}`))
          throw new Error(`Cross-province pair ${postalCode} ${code} missing`);
        pairs++;
      }
    }
  }
  const expected = [...postal.values()].reduce((n, list) => n + list.length, 0);
  if (pairs !== expected) throw new Error(`${pairs} postal pairs decoded, ${expected} expected`);
}

main();
