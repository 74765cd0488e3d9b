import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const serverRoot = './apps/server';

/**
 * The server's test files that reach the database (a test app or database of test/, drizzle or
 * PGlite): the only ones the PostgreSQL run repeats; the others (OCR, PDF, CSV, rate limits…) test
 * the same code whatever the database, once is enough.
 */
function databaseTests(): string[] {
  const files = (readdirSync(serverRoot, { recursive: true, encoding: 'utf8' }) as string[]).filter(
    (file) => /^(src|test)\//.test(file) && file.endsWith('.test.ts'),
  );
  return files.filter((file) =>
    /test-app|test\/db'|\/db'|pglite|createTestContext|drizzle/i.test(
      readFileSync(path.join(serverRoot, file), 'utf8'),
    ),
  );
}

/**
 * Files running at once, across all projects: the projects share one group (no `groupOrder`), so
 * one pool of two workers takes the next file of whichever project, and a server file waiting on
 * its job queue or SMTP server leaves the core to a web file (decision 080). Run in ordered groups
 * instead, each group ended with one worker idle behind its slowest file, and the waits of one
 * project could not overlap the work of another. A PGlite instance per server file costs memory:
 * two files at a time on a 2-core machine. (Vitest asks the projects of one group for one count.)
 */
const WORKERS = 2;

const serverProject = (
  name: string,
  env: Record<string, string>,
  include = ['src/**/*.test.ts', 'test/**/*.test.ts'],
) => ({
  test: {
    name,
    root: serverRoot,
    include,
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    env,
    pool: 'forks' as const,
    // Files share their worker's module cache: each file builds its own app and database, and
    // importing the whole server again for each of about eighty files cost more than half of the
    // run (9 minutes isolated against under 4 on this machine). What a process keeps between
    // documents (fonts, caches) is then exercised by the suite too, as in production.
    isolate: false,
    maxWorkers: WORKERS,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  // The web app's renderer of the self check-in (decision 079) runs from its source in the
  // server's test of that page, with the web's own alias.
  resolve: { alias: { '@': path.resolve('apps/web/src') } },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          maxWorkers: WORKERS,
        },
      },
      serverProject('server', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', { TEST_DB: 'postgres' }, databaseTests())]
        : []),
      { extends: './apps/web/vite.config.ts', test: { maxWorkers: WORKERS } },
    ],
  },
});
