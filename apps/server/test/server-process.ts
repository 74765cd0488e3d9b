/**
 * The real server (src/server.ts) as a child process, as `npm run dev` starts it, for the tests
 * that need a process to die or two of them on one database. Its settings are only those given
 * (plus PATH and HOME); its log lines (pino's JSON, at debug level) are kept for the test to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { pgliteOptions } from '../src/db/client';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type LogLine = Record<string, unknown> & { msg?: string };

export interface ServerProcess {
  /** The JSON lines logged so far. */
  lines: LogLine[];
  /** Everything written to standard error (a start failure, a stack). */
  stderr(): string;
  /** The first line (logged so far or to come) that `match` accepts. */
  waitForLine(match: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine>;
  /** Sends the signal and waits for the process to end; its exit code or signal. */
  stop(signal: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

/** Starts the server and waits until it listens (a minute at most: tsx, PGlite, migrations). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      HOST: '127.0.0.1',
      PORT: '0',
      // A fixed administrator, so that the start prints no generated password.
      ADMIN_EMAIL: 'admin@hospes.test',
      ADMIN_PASSWORD: 'camino-admin-2026',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  let errors = '';
  let pending = '';
  let exited = false;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop()!;
    for (const part of parts) {
      if (!part.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        // not a log line
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
  });
  const exit = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      for (const wake of waiters) wake();
      resolve(signal ?? code);
    }),
  );

  const server: ServerProcess = {
    lines,
    stderr: () => errors,
    waitForLine(match, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find(match);
          if (found) done(() => resolve(found));
          else if (exited)
            done(() => reject(new Error(`The server ended without that line: ${errors}`)));
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`No such line within ${timeoutMs} ms: ${errors}`))),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
    async stop(signal) {
      if (!exited) child.kill(signal);
      return exit;
    },
  };
  try {
    await server.waitForLine((line) => /is running at/.test(line.msg ?? ''), 60_000);
  } catch (err) {
    await server.stop('SIGKILL');
    throw err;
  }
  return server;
}

/** A data directory holding the tests' migrated PGlite (test/global-setup.ts), as DATA_DIR. */
export async function seedDataDir(dataDir: string): Promise<void> {
  const snapshot = await fs.readFile(inject('pgliteSnapshot'));
  const pglite = await PGlite.create(path.join(dataDir, 'pgdata'), {
    loadDataDir: new Blob([snapshot]),
    ...pgliteOptions(),
  });
  await pglite.close();
}
