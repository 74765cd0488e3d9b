/**
 * Once per test run: a migrated PGlite data dir, dumped to a file. Each test file loads it
 * (~0.5 s) instead of creating and migrating a fresh database (~3 s and ~900 MB).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteOptions } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  const pglite = new PGlite(pgliteOptions());
  const database = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `hospes-pglite-${process.pid}-${Date.now()}.tar`);
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return async () => {
    await fs.rm(file, { force: true });
  };
}
