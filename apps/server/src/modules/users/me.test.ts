import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

// The interface language a user chose (DESIGN.md section 14): saved by PATCH api/auth/me/,
// answered by whoami, so it follows them to another browser.

let t: TestApp;
let owner: ApiClient;
let kassir: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ['Owner', 'Kassir']);
  owner = setup.as.Owner;
  kassir = setup.as.Kassir;
});
afterAll(() => t.close());

describe('the interface language (PATCH api/auth/me/)', () => {
  it('is null until chosen, then saved for the user alone', async () => {
    expect((await owner.get('auth/whoami/')).body.language).toBeNull();
    const set = await owner.patch('auth/me/', { language: 'uz-Cyrl' });
    expect(set.status).toBe(200);
    expect(set.body.language).toBe('uz-Cyrl');
    expect((await owner.get('auth/whoami/')).body.language).toBe('uz-Cyrl');
    expect((await kassir.get('auth/whoami/')).body.language).toBeNull();
    // Another preference saved alone leaves the language as it is.
    await owner.patch('auth/me/', { email_notifications: [] });
    expect((await owner.get('auth/whoami/')).body.language).toBe('uz-Cyrl');
  });

  it('refuses a language the app does not have, and changes nothing', async () => {
    for (const language of ['de', 'uz-Latn', '', 'RU', null]) {
      const res = await kassir.patch('auth/me/', { language });
      expect(res.status, String(language)).toBe(400);
      expect(res.body.language, String(language)).toBeDefined();
    }
    expect((await kassir.get('auth/whoami/')).body.language).toBeNull();
  });
});
