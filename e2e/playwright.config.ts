import { defineConfig } from '@playwright/test';

// One real server (embedded database, fresh DATA_DIR, demo business) serving the built web app.
const PORT = Number(process.env.E2E_PORT ?? 8390);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Debian's Chromium as every spec launches it (a spec may add arguments: camera.spec.ts). */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: BASE_URL,
    // An Uzbek browser: the app picks the browser's language before sign-in (DESIGN.md section
    // 14), and the specs read spec.md's texts, the uz catalogue's (languages.spec.ts sets others).
    locale: 'uz-UZ',
    trace: 'off',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/openapi.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT) },
    // The server logs at warn (scripts/e2e-server.mjs): quiet, but a 5xx shows in the run's output.
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
