import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('translations', () => {
  it('every locale of the 16 languages has every key of English, non-empty, with the same placeholders', () => {
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/check-locales.mjs')], {
      encoding: 'utf8',
    });
    expect(run.stdout.trim().split('\n').slice(0, 20).join('\n')).toBe('all locales complete');
    expect(run.status).toBe(0);
  });
});
