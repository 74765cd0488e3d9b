/**
 * The OCR needs no network: a child process in a network namespace with no interfaces
 * (`unshare -n`, as root), whose sockets, DNS and fetch also report any attempt, reads a
 * fixture with both engines (PaddleOCR's models from node_modules, then tesseract's second
 * opinion). Tesseract's default would fetch the language data from a CDN and cache it as
 * ./eng.traineddata; neither may happen.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MRZ_FIXTURE_DIR, mismatches, mrzFixtures } from '../../../test/fixtures/mrz/fixtures';

const require = (await import('node:module')).createRequire(import.meta.url);
const tsxLoader = pathToFileURL(
  path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/loader.mjs'),
).href;
const unshare = spawnSync('unshare', ['-n', 'true']);
const canUnshare = unshare.status === 0;
const why = canUnshare
  ? ''
  : ` — SKIPPED: unshare -n is unavailable here (${unshare.error?.message ?? unshare.stderr?.toString().trim()}); needs root or user namespaces`;

describe('offline OCR', () => {
  it.skipIf(!canUnshare)(
    `reads an MRZ with the network cut and writes nothing to the working directory${why}`,
    { timeout: 150_000 },
    () => {
      const fixture = mrzFixtures().find((f) => f.name === 'td1-esp-clean')!;
      const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-ocr-offline-'));
      try {
        const child = spawnSync(
          'unshare',
          [
            '-n',
            process.execPath,
            '--import',
            pathToFileURL(path.join(MRZ_FIXTURE_DIR, 'block-network.mjs')).href,
            '--import',
            tsxLoader,
            path.join(MRZ_FIXTURE_DIR, 'read-one.ts'),
            fixture.file,
          ],
          { cwd, encoding: 'utf8', timeout: 140_000, env: { ...process.env, NODE_OPTIONS: '' } },
        );
        expect(child.stderr).not.toContain('NET-ATTEMPT');
        expect(child.status, child.stderr).toBe(0);
        const answer = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
          data: Parameters<typeof mismatches>[0];
        };
        expect(mismatches(answer.data, fixture.expected)).toEqual([]);
        expect(fs.readdirSync(cwd)).toEqual([]);
      } finally {
        fs.rmSync(cwd, { recursive: true, force: true });
      }
    },
  );

  it('a control run proves the guard works: a fetch in the child is reported', () => {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        pathToFileURL(path.join(MRZ_FIXTURE_DIR, 'block-network.mjs')).href,
        '-e',
        "fetch('https://cdn.jsdelivr.net/').catch(() => {}); require('node:net').connect(443, '1.1.1.1').on('error', () => {})",
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(child.stderr).toContain('NET-ATTEMPT fetch https://cdn.jsdelivr.net/');
    expect(child.stderr).toContain('NET-ATTEMPT connect {"port":443,"host":"1.1.1.1"}');
  });
});
