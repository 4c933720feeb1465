// The server the Playwright suite drives: a fresh build of the web app, a fresh embedded
// database in .tmp/e2e-PORT, and the demo business. The Central Bank's feed (DESIGN.md section 9)
// is a local server answering e2e/cbu-feed.json, a recorded answer whose USD rate is the demo's
// (so an import in one spec does not move another spec's USD estimate).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!process.env.E2E_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// One folder per port, known to e2e/fixtures.ts, which reads the mail drop in it.
const port = process.env.PORT ?? '8390';
const dataDir = path.join(root, '.tmp', `e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const cbuAnswer = readFileSync(path.join(root, 'e2e', 'cbu-feed.json'));
const cbu = createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(cbuAnswer),
);
await new Promise((resolve) => cbu.listen(0, '127.0.0.1', resolve));
const cbuUrl = `http://127.0.0.1:${cbu.address().port}/uz/arkhiv-kursov-valyut/json/`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn', PORT: port, CBU_RATES_URL: cbuUrl },
});
const stop = () => {
  cbu.close();
  server.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
