import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirError, prepareDataDir, repairModes } from './data-dir';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-datadir-'));
  made.push(dir);
  return dir;
}

const modeOf = (file: string) => fs.lstatSync(file).mode & 0o777;

/** Every entry under `root` (and root) that its group or the world can read, write or enter. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (modeOf(file) & 0o077)
        open.push(`${path.relative(root, file)} ${modeOf(file).toString(8)}`);
      if (entry.isDirectory()) walk(file);
    }
  };
  if (modeOf(root) & 0o077) open.push(`. ${modeOf(root).toString(8)}`);
  walk(root);
  return open;
}

describe('DATA_DIR at start', () => {
  it('is made private with everything in it: folders 0700, files 0600, links not followed', () => {
    const dataDir = tempDir();
    const outside = tempDir();
    fs.writeFileSync(path.join(outside, 'elsewhere.txt'), 'not ours');
    fs.chmodSync(path.join(outside, 'elsewhere.txt'), 0o644);
    fs.mkdirSync(path.join(dataDir, 'pgdata', 'base', '1'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'outbox'));
    const files = ['pgdata/base/1/1259', 'pgdata/pg_wal', 'outbox/a.eml', 'encryption.key'];
    for (const file of files) fs.writeFileSync(path.join(dataDir, file), 'x');
    for (const file of files) fs.chmodSync(path.join(dataDir, file), 0o666);
    for (const dir of ['.', 'pgdata', 'pgdata/base', 'pgdata/base/1', 'outbox'])
      fs.chmodSync(path.join(dataDir, dir), 0o777);
    fs.symlinkSync(path.join(outside, 'elsewhere.txt'), path.join(dataDir, 'link'));

    const report = prepareDataDir(dataDir);

    expect(openToOthers(dataDir)).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'pgdata', 'base', '1'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'pgdata', 'base', '1', '1259'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'encryption.key'))).toBe(0o600);
    expect(modeOf(path.join(outside, 'elsewhere.txt'))).toBe(0o644);
    // DATA_DIR and pgdata themselves are made private first, and not counted.
    expect(report).toEqual({ repaired: 7, failed: 0, truncated: false });
  });

  it('creates a missing DATA_DIR private', () => {
    const dataDir = path.join(tempDir(), 'new', 'data');
    prepareDataDir(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('refuses to start, saying what to do, when DATA_DIR or pgdata stays readable by others', () => {
    const cannotChmod = {
      chmod: () => {
        throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
      },
    };
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o755);
    expect(() => prepareDataDir(dataDir, { ops: cannotChmod })).toThrow(DataDirError);
    expect(() => prepareDataDir(dataDir, { ops: cannotChmod })).toThrow(
      `can be read by other users (mode 0755) and its mode could not be changed. It holds the database and the encryption key: make it private to the user running Hospes (chmod 700 "${dataDir}")`,
    );

    fs.chmodSync(dataDir, 0o700);
    fs.mkdirSync(path.join(dataDir, 'pgdata'), { mode: 0o750 });
    fs.chmodSync(path.join(dataDir, 'pgdata'), 0o750);
    expect(() => prepareDataDir(dataDir, { ops: cannotChmod })).toThrow(/pgdata" can be read/);

    // A file inside that keeps its mode is counted, not fatal: the private folder shuts others out.
    fs.chmodSync(path.join(dataDir, 'pgdata'), 0o700);
    fs.writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17');
    fs.chmodSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), 0o644);
    expect(prepareDataDir(dataDir, { ops: cannotChmod })).toEqual({
      repaired: 0,
      failed: 1,
      truncated: false,
    });
  });

  it('stops its walk at a bound', () => {
    const dataDir = tempDir();
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(dataDir, `f${i}`), 'x', { mode: 0o644 });
    for (let i = 0; i < 5; i++) fs.chmodSync(path.join(dataDir, `f${i}`), 0o644);
    expect(repairModes(dataDir, { maxEntries: 3 })).toEqual({
      repaired: 3,
      failed: 0,
      truncated: true,
    });
  });

  it.skipIf(process.env.TEST_DB === 'postgres')(
    'leaves a new embedded database readable by the server user only',
    async () => {
      const dataDir = tempDir();
      fs.chmodSync(dataDir, 0o755);
      const database = await openDatabase({ dataDir });
      await database.close();
      expect(openToOthers(dataDir)).toEqual([]);
    },
  );
});
