#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch, port 3000) and the Vite dev server with a proxy to it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = { NODE_ENV: 'development', ...process.env };
const children = [
  spawn(npm, ['run', 'dev', '-w', '@hospes/server'], { cwd: root, stdio: 'inherit', env }),
  spawn(npm, ['run', 'dev', '-w', '@hospes/web'], { cwd: root, stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
