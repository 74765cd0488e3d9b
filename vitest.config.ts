import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>, groupOrder: number) => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    env,
    pool: 'forks' as const,
    // A PGlite instance per test file costs memory: two files at a time on a 2-core machine.
    maxWorkers: 2,
    // Projects with different worker counts run one group after the other.
    sequence: { groupOrder },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      serverProject('server', { TEST_DB: 'pglite' }, 1),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', { TEST_DB: 'postgres' }, 2)]
        : []),
      { extends: './apps/web/vite.config.ts', test: { sequence: { groupOrder: 3 } } },
    ],
  },
});
