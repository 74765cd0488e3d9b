import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The journeys that scan a document on the server. */
const SCANS = /(scan-and-checkin|rotated-scan)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Each worker starts its own server, database and SMTP server. Two on two cores: a journey
  // spends most of its time waiting (the browser's timers, the server's polls, the SMTP server):
  // one worker's run took 25 minutes of which 8 of processor time (decision 080).
  workers: 2,
  // Budgets, not speed targets (those are benchmarks): two journeys at once on two cores take
  // about twice what one takes alone (the desk's long journey: 72 s alone, over 2 minutes beside
  // another), so each budget leaves room for that.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: './artifacts/report' }]],
  projects: [
    { name: 'journeys', testIgnore: SCANS },
    // The journeys that read a document with PaddleOCR run last, one at a time: two at once on
    // two cores (two servers loading the models, reading) pass the server's 12 s for a read.
    { name: 'scans', testMatch: SCANS, dependencies: ['journeys'], workers: 1 },
  ],
  use: {
    ...devices['Desktop Chrome'],
    browserName: 'chromium',
    locale: 'en-US',
    trace: 'retain-on-failure',
    // The app's service worker (decision 059) only where a journey is about it (offline.spec.ts
    // opens its context with it): elsewhere it would download the whole app for every new context.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
