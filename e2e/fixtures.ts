import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test as base } from '@playwright/test';

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
    delete: (path: string) => page.request.delete(`/api/${path}`, { headers }),
  };
}

/** The e2e server writes mail to DATA_DIR/mail; its DATA_DIR is a temp folder named bo-e2e-*. */
export function latestMailedCode(email: string, after: number): string | null {
  const tmp = process.env.TMPDIR ?? '/tmp';
  for (const dir of readdirSync(tmp).filter((d) => d.startsWith('bo-e2e-'))) {
    let files: string[] = [];
    try {
      files = readdirSync(`${tmp}/${dir}/mail`).filter((f) => f.endsWith(`-${email}.eml`) && Number(f.split('-')[0]) >= after);
    } catch {
      continue;
    }
    const last = files.sort().at(-1);
    if (last) return /:\s(\d{6})\b/.exec(readFileSync(`${tmp}/${dir}/mail/${last}`, 'utf8'))?.[1] ?? null;
  }
  return null;
}

export const test = base;
export { expect };
