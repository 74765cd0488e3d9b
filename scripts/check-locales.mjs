#!/usr/bin/env node
// Compares every locale JSON file with the English one: missing or empty keys, extra keys, and
// placeholders ({{name}}) that differ. Usage: node scripts/check-locales.mjs [lng ...]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dirs = ['packages/shared/src/locales', 'apps/server/src/locales', 'apps/web/src/locales'];
const wanted = process.argv.slice(2);

function flatten(value, prefix = '', out = {}) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = value;
  return out;
}
const placeholders = (s) =>
  typeof s === 'string'
    ? [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',')
    : '';

let problems = 0;
for (const dir of dirs) {
  const base = path.join(root, dir);
  const languages = fs
    .readdirSync(base)
    .filter((d) => fs.statSync(path.join(base, d)).isDirectory() && d !== 'en');
  for (const lng of languages) {
    if (wanted.length && !wanted.includes(lng)) continue;
    for (const file of fs.readdirSync(path.join(base, 'en')).filter((f) => f.endsWith('.json'))) {
      const target = path.join(base, lng, file);
      if (!fs.existsSync(target)) {
        console.log(`${dir}/${lng}/${file}: missing file`);
        problems++;
        continue;
      }
      const en = flatten(JSON.parse(fs.readFileSync(path.join(base, 'en', file), 'utf8')));
      let other;
      try {
        other = flatten(JSON.parse(fs.readFileSync(target, 'utf8')));
      } catch (err) {
        console.log(`${dir}/${lng}/${file}: invalid JSON (${err.message})`);
        problems++;
        continue;
      }
      for (const key of Object.keys(en)) {
        if (!(key in other) || other[key] === '' || other[key] === null) {
          console.log(`${dir}/${lng}/${file}: missing or empty ${key}`);
          problems++;
        } else if (placeholders(en[key]) !== placeholders(other[key])) {
          console.log(`${dir}/${lng}/${file}: placeholders differ in ${key}`);
          problems++;
        }
      }
      for (const key of Object.keys(other))
        if (!(key in en)) {
          console.log(`${dir}/${lng}/${file}: extra key ${key}`);
          problems++;
        }
    }
  }
}
console.log(problems ? `${problems} problems` : 'all locales complete');
process.exit(problems ? 1 : 0);
