// `npm run dev`: the API restarted on every change of its code (tsx watch) and Vite's dev server
// with hot reload, whose /api proxy points at that API (apps/web/vite.config.ts). Same
// configuration as `npm start` (PORT, HOST, DATA_DIR, DATABASE_URL); open http://127.0.0.1:5173.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '8000';

const children = [
  spawn(process.execPath, [require.resolve('tsx/cli'), 'watch', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js')], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: process.env.API_PROXY_TARGET ?? `http://${host}:${port}` },
  }),
];

let exitCode = 0;
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
// When one of the two ends, the other is stopped too: half a dev setup only confuses.
for (const child of children) {
  child.on('exit', (code) => {
    stop(code ?? 0);
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}
