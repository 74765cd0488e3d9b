import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * The web benchmarks (not part of `npm test`): `npm run bench:web` from the repository root,
 * after `npm run build`.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.bench.ts',
  retries: 0,
  timeout: 300_000,
  reporter: [['list']],
});
