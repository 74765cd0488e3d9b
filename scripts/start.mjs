#!/usr/bin/env node
// `npm start`: builds what is not built yet (web app, server), then starts the production server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { mallocEnv, serverNodeFlags } from './server-env.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function build(workspace) {
  console.log(`Building ${workspace}…`);
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) build('@hospes/web');
if (!existsSync(path.join(root, 'apps/server/dist/server.js'))) build('@hospes/server');

const child = spawn(
  process.execPath,
  [...serverNodeFlags(), '--enable-source-maps', path.join(root, 'apps/server/dist/server.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env, ...mallocEnv() },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
