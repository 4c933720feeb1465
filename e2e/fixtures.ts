import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';
export const DEMO = {
  kassir: 'kassir@demo.uz',
  admin: 'admin@demo.uz',
  manager: 'manager@demo.uz',
  owner: 'owner@demo.uz',
  omborchi: 'omborchi@demo.uz',
  bozorchi: 'bozorchi@demo.uz',
  taminotchi: 'taminotchi@demo.uz',
  otp: 'otp@demo.uz',
} as const;

/**
 * Signs in through the API (documenso's apiSignin): the login answer sets the HttpOnly refresh
 * cookie in the browser context, and the app exchanges it for an access token on load.
 */
export async function apiSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await page.request.post('/api/auth/login/', { data: { email, password } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
}

/** An API client with a bearer token, for arranging data a test needs. */
export async function apiAs(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/login/', { data: { email, password } });
  const { access } = (await res.json()) as { access: string };
  const headers = { authorization: `Bearer ${access}` };
  return {
    get: (path: string) => page.request.get(`/api/${path}`, { headers }),
    post: (path: string, data: unknown, extra: Record<string, string> = {}) =>
      page.request.post(`/api/${path}`, { data, headers: { ...headers, ...extra } }),
    patch: (path: string, data: unknown) => page.request.patch(`/api/${path}`, { data, headers }),
    put: (path: string, data: unknown) => page.request.put(`/api/${path}`, { data, headers }),
    delete: (path: string) => page.request.delete(`/api/${path}`, { headers }),
  };
}

/** The e2e server's DATA_DIR (scripts/e2e-server.mjs): its mail drop holds the codes it sent. */
const MAIL_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '.tmp',
  `e2e-${process.env.E2E_PORT ?? 8390}`,
  'mail',
);

/**
 * The first match of `pattern` in the newest message mailed to `email` since `after` (ms), or
 * null; quoted-printable undone, so a long link reads whole.
 */
export function latestMailMatch(email: string, after: number, pattern: RegExp): string | null {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).filter(
      (f) => f.endsWith(`-${email}.eml`) && Number(f.split('-')[0]) >= after,
    );
  } catch {
    return null;
  }
  const last = files.sort().at(-1);
  if (!last) return null;
  const text = readFileSync(path.join(MAIL_DIR, last), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return pattern.exec(text)?.[1] ?? null;
}

/** The newest six-digit code mailed to `email` since `after` (ms), or null. */
export function latestMailedCode(email: string, after: number): string | null {
  return latestMailMatch(email, after, /:\s(\d{6})\b/);
}

export const test = base;
export { expect };

/**
 * A person of the test's own (other specs sign the demo users in meanwhile): invited by the
 * demo Owner and accepted through the API, as the mailed link would. Answers their e-mail.
 */
export async function createPerson(
  page: Page,
  role: string,
  name: string,
  password: string,
): Promise<string> {
  const email = `${name.toLowerCase()}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}@demo.uz`;
  const owner = await apiAs(page, DEMO.owner);
  const sent = Date.now();
  const created = await owner.post('admin/users/', {
    email,
    role,
    first_name: name,
    last_name: '',
    code: '',
    login_otp: false,
  });
  expect(created.status()).toBe(201);
  const invite = /\/set-password\?invite=([A-Za-z0-9_-]+)/;
  await expect.poll(() => latestMailMatch(email, sent, invite)).not.toBeNull();
  const accepted = await page.request.post('/api/auth/accept-invite/', {
    data: { token: latestMailMatch(email, sent, invite), new_password: password },
  });
  expect(accepted.status()).toBe(200);
  return email;
}

/** The locks this worker holds (`holdLock`), released after each test by `releaseLocks`. */
const held = new Set<string>();

/**
 * Waits until no other worker of this run holds the lock `name`, then holds it until the test
 * ends (`test.afterEach(releaseLocks)` in the spec). For the few specs that move and measure the
 * same shared thing: the demo Bozorchi's cash, which a sale at the counter now moves
 * (DESIGN.md section 19) and the debts spec measures (docs/testing.md). A lock a killed run left
 * is taken over after two minutes.
 */
export async function holdLock(name: string): Promise<void> {
  const dir = path.join(tmpdir(), `bo-e2e-${process.env.E2E_PORT ?? '8390'}-${name}.lock`);
  for (;;) {
    try {
      mkdirSync(dir);
      held.add(dir);
      return;
    } catch {
      try {
        if (Date.now() - statSync(dir).mtimeMs > 120_000) rmSync(dir, { recursive: true, force: true });
      } catch {}
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export function releaseLocks(): void {
  for (const dir of held) rmSync(dir, { recursive: true, force: true });
  held.clear();
}
