/**
 * Each Playwright worker runs the real stack: the production build of the server (which serves
 * the built web app) on a free port, with a fresh DATA_DIR (embedded PGlite) and a real SMTP
 * server started here, whose messages the tests read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { startTestA19, type TestA19Service } from '../apps/server/test/a19-service';
import { startTestSes, type TestSesService } from '../apps/server/test/ses-service';
import { startTestSmtp, type TestSmtp } from '../apps/server/test/smtp';
import {
  startTestStripe,
  TEST_STRIPE_KEY,
  TEST_WEBHOOK_SECRET,
  type TestStripeService,
} from '../apps/server/test/stripe-service';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN = { email: 'admin@hospes.test', password: 'admin-password-e2e' };

export interface Stack {
  url: string;
  smtp: TestSmtp;
  /** A local SES.HOSPEDAJES web service (the Ministry's cannot be reached from here). */
  ses: TestSesService;
  /**
   * A local Ertzaintza A19 service over HTTPS (decision 056): the server's pre-production address,
   * its certificate trusted through A19_CA_FILE.
   */
  a19: TestA19Service;
  /**
   * A local stand-in for Stripe's API (decision 070), when the spec asks for billing
   * (`test.use({ billing: true })`): the server's STRIPE_API_BASE, its webhooks sent to the server.
   */
  stripe: TestStripeService | null;
  dataDir: string;
  logs: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, logs: string[]) {
  // Generous: a migration of a fresh database takes a minute on a busy two-core machine.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}):\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${logs.join('')}`);
}

export const test = base.extend<
  { mail: TestSmtp; stack: Stack },
  { workerStack: Stack; serverEnv: Record<string, string>; billing: boolean }
>({
  /** Billing on, through the local Stripe stand-in (decision 070); off by default, as `npm start`. */
  billing: [false, { scope: 'worker', option: true }],
  /**
   * Settings of the server over the defaults below. A spec that sets them (`test.use`) gets a
   * worker, and a server, of its own.
   */
  serverEnv: [{}, { scope: 'worker', option: true }],
  workerStack: [
    async ({ serverEnv, billing }, use) => {
      const serverJs = path.join(root, 'apps/server/dist/server.js');
      if (!fs.existsSync(serverJs) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
        throw new Error('Build first: npm run build');
      }
      const smtp = await startTestSmtp();
      const ses = await startTestSes();
      const a19 = await startTestA19();
      const stripe = billing ? await startTestStripe() : null;
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-e2e-'));
      const a19CaFile = path.join(dataDir, 'a19-ca.pem');
      fs.writeFileSync(a19CaFile, a19.certificate);
      const logs: string[] = [];
      const child = spawn(process.execPath, [serverJs], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          APP_URL: url,
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Hospes <no-reply@hospes.test>',
          SUPPORT_EMAIL: 'support@hospes.test',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          LOG_LEVEL: 'warn',
          SES_ENDPOINT: ses.url,
          SES_CHECK_SECONDS: '2',
          A19_PREPRODUCTION_URL: a19.url,
          A19_CA_FILE: a19CaFile,
          // The test's browsers all come from 127.0.0.1: a journey with many phones gives each its
          // own address (X-Forwarded-For), as a proxy in front of the server would.
          TRUST_PROXY: 'loopback',
          // The journeys read documents with tesseract, as the route tests do: PaddleOCR (the
          // default, decision 054) has its own tests; under a journey's load it did not answer
          // within the step's 90 s on this 2-core machine (left open in the decision).
          OCR_ENGINE: 'tesseract',
          ...(stripe
            ? {
                STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
                STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
                STRIPE_API_BASE: stripe.url,
              }
            : {}),
          ...serverEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
      child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
      try {
        await waitForHealth(url, child, logs);
        if (stripe) stripe.webhookUrl = `${url}/api/billing/webhook`;
        await use({ url, smtp, ses, a19, stripe, dataDir, logs });
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
        await smtp.close();
        await ses.close();
        await a19.close();
        await stripe?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  stack: async ({ workerStack }, use) => use(workerStack),
  mail: async ({ workerStack }, use) => use(workerStack.smtp),
  baseURL: async ({ workerStack }, use) => use(workerStack.url),
  // Every page starts with the cookie notice answered, so that it covers nothing a test reads
  // (contexts a test opens itself set it there); and fails its test if it logs an error.
  page: async ({ page }, use) => {
    await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text()))
        problems.push(`console.error: ${msg.text()}`);
    });
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

export { expect };

/**
 * axe: no serious or critical violation on the page as it is now, once its finite animations
 * have ended (a toast caught fading in or out has a partial opacity, which axe reads as a contrast
 * failure of the toast rather than of the page). Endless ones (spinners) are not waited for.
 */
export async function expectAccessible(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {
      // Still animating after 5 s: check the page as it is.
    });
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'axe found serious or critical violations',
  ).toEqual([]);
}

export const screenshotDir = path.join(root, 'e2e', 'artifacts', 'screenshots');
