// The server the Playwright suite drives: a fresh build of the web app, a fresh embedded
// database in .tmp/e2e-PORT, the demo business, and a Telegram bot whose Bot API is local. The Central Bank's feed (DESIGN.md section 9)
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
// Telegram's Bot API (DESIGN.md section 13) as a local server: the bot's name from getMe, and the
// messages it sends accepted; the e2e spec plays Telegram's side by posting to the webhook.
const TELEGRAM_TOKEN = '7000000001:e2e-bot-token-0123456789';
const TELEGRAM_SECRET = 'e2e-webhook-secret-0123456789';
let messageId = 1;
const botApi = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    const method = /\/bot[^/]+\/(\w+)$/.exec(req.url ?? '')?.[1];
    const bot = { id: 7000000001, is_bot: true, first_name: 'Back office', username: 'backoffice_demo_bot' };
    const result =
      method === 'getMe'
        ? bot
        : method === 'answerCallbackQuery'
          ? true
          : {
              message_id: messageId++,
              date: Math.floor(Date.now() / 1000),
              chat: { id: body.chat_id, type: 'private' },
              from: bot,
              text: body.text,
            };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
  });
});
await new Promise((resolve) => botApi.listen(0, '127.0.0.1', resolve));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO: '1',
    LOG_LEVEL: 'warn',
    PORT: port,
    CBU_RATES_URL: cbuUrl,
    TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
    TELEGRAM_API_URL: `http://127.0.0.1:${botApi.address().port}`,
  },
});
const stop = () => {
  cbu.close();
  botApi.close();
  server.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
