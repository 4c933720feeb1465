import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import { createBusiness, createUser, signIn, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp, waitForMailedCode, withClockedApp } from '../../../test/harness.ts';

let t: TestApp;
let anon: ApiClient;
let businessId: number;

beforeAll(async () => {
  t = await startTestApp();
  anon = new ApiClient(t.url);
  businessId = (await createBusiness(t.db)).id;
});
afterAll(() => t.close());

const newUser = (extra: { login_otp?: boolean } = {}) =>
  createUser(t.db, { businessId, role: 'manager', ...extra });

function cookieOf(res: { headers: Headers }): string | undefined {
  const set = res.headers.get('set-cookie') ?? '';
  return /refresh_token=([^;]*)/.exec(set)?.[1];
}

describe('login', () => {
  it('answers tokens and sets an HttpOnly SameSite=Strict refresh cookie', async () => {
    const u = await newUser();
    const res = await anon.post('auth/login/', { email: u.email, password: u.password });
    expect(res.status).toBe(200);
    expect(res.body.access).toMatch(/^ey/);
    expect(res.body.refresh.length).toBeGreaterThanOrEqual(22);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/auth/');
    expect(setCookie).toContain('Max-Age=604800');
  });

  it('makes a session cookie when remember is false', async () => {
    const u = await newUser();
    const res = await anon.post('auth/login/', { email: u.email, password: u.password, remember: false });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).not.toContain('Max-Age');
  });

  it('is case-insensitive on the e-mail', async () => {
    const u = await newUser();
    const res = await anon.post('auth/login/', { email: u.email.toUpperCase(), password: u.password });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const u = await newUser();
    const wrong = await anon.post('auth/login/', { email: u.email, password: 'nope-nope' });
    const unknown = await anon.post('auth/login/', { email: 'nobody@test.uz', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.detail).toBeTruthy();
  });

  it('answers field errors for missing, mistyped and oversized fields', async () => {
    const missing = await anon.post('auth/login/', {});
    expect(missing.status).toBe(400);
    expect(missing.body.email).toBeDefined();
    expect(missing.body.password).toBeDefined();
    const typed = await anon.post('auth/login/', { email: 42, password: ['x'] });
    expect(typed.status).toBe(400);
    const long = await anon.post('auth/login/', {
      email: `${'a'.repeat(300)}@x.uz`,
      password: 'x'.repeat(2000),
    });
    expect(long.status).toBe(400);
    const broken = await anon.request('POST', 'auth/login/', '{"email":', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toBeTruthy();
  });

  it('throttles after 10 failures per e-mail in 15 minutes, with Retry-After', async () => {
    const u = await newUser();
    for (let i = 0; i < 10; i++) {
      expect((await anon.post('auth/login/', { email: u.email, password: 'wrong-pass' })).status).toBe(401);
    }
    const res = await anon.post('auth/login/', { email: u.email, password: u.password });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('writes audit rows for sign-ins and failures', async () => {
    const u = await newUser();
    await anon.post('auth/login/', { email: u.email, password: 'wrong-pass' });
    await anon.post('auth/login/', { email: u.email, password: u.password });
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'ip'])
      .where('actor_id', '=', u.id)
      .execute();
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['auth.login_failed', 'auth.login']));
    expect(rows[0]?.ip).toBe('127.0.0.1');
  });
});

describe('login codes', () => {
  it('asks for a code, then signs in with the mailed six digits', async () => {
    const u = await newUser({ login_otp: true });
    const started = Date.now();
    const first = await anon.post('auth/login/', { email: u.email, password: u.password });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ otp_required: true, otp_token: expect.any(String) });
    const code = await waitForMailedCode(t.dataDir, u.email, started);
    expect(code).toMatch(/^\d{6}$/);
    const second = await anon.post('auth/verify-code/', { otp_token: first.body.otp_token, code });
    expect(second.status).toBe(200);
    expect(second.body.access).toBeTruthy();
    const again = await anon.post('auth/verify-code/', { otp_token: first.body.otp_token, code });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('Invalid or expired code.');
  });

  it('keeps remember me through the code step: unchecked gives a session cookie', async () => {
    const u = await newUser({ login_otp: true });
    const started = Date.now();
    const first = await anon.post('auth/login/', { email: u.email, password: u.password, remember: false });
    const code = await waitForMailedCode(t.dataDir, u.email, started);
    const second = await anon.post('auth/verify-code/', { otp_token: first.body.otp_token, code });
    expect(second.status).toBe(200);
    expect(second.headers.get('set-cookie')).toContain('refresh_token=');
    expect(second.headers.get('set-cookie')).not.toContain('Max-Age');
  });

  it('burns the code after five wrong tries', async () => {
    const u = await newUser({ login_otp: true });
    const started = Date.now();
    const first = await anon.post('auth/login/', { email: u.email, password: u.password });
    const code = await waitForMailedCode(t.dataDir, u.email, started);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        (await anon.post('auth/verify-code/', { otp_token: first.body.otp_token, code: wrong })).status,
      ).toBe(400);
    }
    const right = await anon.post('auth/verify-code/', { otp_token: first.body.otp_token, code });
    expect(right.status).toBe(400);
  });

  it('refuses malformed codes and tokens with field errors', async () => {
    expect((await anon.post('auth/verify-code/', { otp_token: 'x', code: '12' })).status).toBe(400);
    expect((await anon.post('auth/verify-code/', { otp_token: 'x', code: '123456' })).status).toBe(400);
    expect((await anon.post('auth/verify-code/', {})).status).toBe(400);
  });
});

describe('refresh, rotation and logout', () => {
  async function loginTokens(u: TestUser) {
    const res = await anon.post('auth/login/', { email: u.email, password: u.password });
    return res.body as { access: string; refresh: string };
  }

  it('rotates: a refresh answers a new access and a new refresh', async () => {
    const u = await newUser();
    const { refresh } = await loginTokens(u);
    const res = await anon.post('auth/refresh/', { refresh });
    expect(res.status).toBe(200);
    expect(res.body.refresh).not.toBe(refresh);
    const me = await anon.withToken(res.body.access).get('auth/whoami/');
    expect(me.body.email).toBe(u.email);
  });

  it('reads the refresh token from the cookie when the body has none', async () => {
    const u = await newUser();
    const login = await anon.post('auth/login/', { email: u.email, password: u.password });
    const cookie = cookieOf(login);
    const res = await anon.post('auth/refresh/', {}, { cookie: `refresh_token=${cookie}` });
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toBe(res.body.refresh);
  });

  it('lets a second tab replay within the grace, and revokes the family after it', async () => {
    await withClockedApp(async (clocked, advance) => {
      const c = new ApiClient(clocked.url);
      const bid = (await createBusiness(clocked.db)).id;
      const u = await createUser(clocked.db, { businessId: bid, role: 'admin' });
      const { refresh } = (await c.post('auth/login/', { email: u.email, password: u.password })).body;
      const tab1 = await c.post('auth/refresh/', { refresh });
      const tab2 = await c.post('auth/refresh/', { refresh });
      expect(tab1.status).toBe(200);
      expect(tab2.status).toBe(200);
      advance(31_000);
      const replay = await c.post('auth/refresh/', { refresh });
      expect(replay.status).toBe(401);
      // The whole family is gone, the legitimate newest token too.
      expect((await c.post('auth/refresh/', { refresh: tab1.body.refresh })).status).toBe(401);
      expect((await c.post('auth/refresh/', { refresh: tab2.body.refresh })).status).toBe(401);
    });
  });

  it('refuses missing, unknown and expired refresh tokens', async () => {
    await withClockedApp(async (clocked, advance) => {
      const c = new ApiClient(clocked.url);
      expect((await c.post('auth/refresh/', {})).status).toBe(401);
      expect((await c.post('auth/refresh/', { refresh: 'made-up' })).status).toBe(401);
      expect((await c.post('auth/refresh/', { refresh: 42 })).status).toBe(400);
      const bid = (await createBusiness(clocked.db)).id;
      const u = await createUser(clocked.db, { businessId: bid, role: 'admin' });
      const { refresh } = (await c.post('auth/login/', { email: u.email, password: u.password })).body;
      advance(8 * 86_400_000);
      expect((await c.post('auth/refresh/', { refresh })).status).toBe(401);
    });
  });

  it('logout revokes the refresh token', async () => {
    const u = await newUser();
    const { refresh } = await loginTokens(u);
    const out = await anon.post('auth/logout/', { refresh });
    expect(out.status).toBe(204);
    expect((await anon.post('auth/refresh/', { refresh })).status).toBe(401);
  });
});

describe('whoami and by-business', () => {
  it('answers the current user with role and profile', async () => {
    const u = await newUser();
    const client = await signIn(t.url, u);
    const res = await client.get('auth/whoami');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: u.id,
      email: u.email,
      role: 'manager',
      profile: { first_name: 'manager', last_name: 'Test' },
      email_notifications: [],
      language: null,
      // DESIGN.md section 19: a manager neither sells nor buys until the Owner allows it.
      can_sell: false,
      can_buy: false,
      can_produce: false,
      keeps_shifts: false,
      weight_barcodes: 'off',
    });
  });

  it('says who writes production orders: the Omborchi and the Owner (DESIGN.md section 21)', async () => {
    const produces = async (role: 'Omborchi' | 'Owner' | 'Bozorchi' | 'Kassir') => {
      const client = await signIn(t.url, await createUser(t.db, { businessId, role }));
      return (await client.get('auth/whoami/')).body.can_produce;
    };
    expect(await produces('Omborchi')).toBe(true);
    expect(await produces('Owner')).toBe(true);
    expect(await produces('Bozorchi')).toBe(false);
    expect(await produces('Kassir')).toBe(false);
  });

  it('says who keeps a cash drawer: the Kassir and the sellers (DESIGN.md section 22)', async () => {
    const keeps = async (role: 'Kassir' | 'Bozorchi' | 'Owner' | 'Omborchi') => {
      const client = await signIn(t.url, await createUser(t.db, { businessId, role }));
      return (await client.get('auth/whoami/')).body.keeps_shifts;
    };
    expect(await keeps('Kassir')).toBe(true);
    expect(await keeps('Bozorchi')).toBe(true);
    expect(await keeps('Owner')).toBe(false);
    expect(await keeps('Omborchi')).toBe(false);
  });

  it('refuses no token, a bad token and a token signed with another key', async () => {
    expect((await anon.get('auth/whoami/')).status).toBe(401);
    expect((await anon.withToken('abc.def.ghi').get('auth/whoami/')).status).toBe(401);
    const forged =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwiZXhwIjo5OTk5OTk5OTk5fQ.4Adcj3UFYzPUVaVF43FmMab6RlaQD8A9V8wFzzht-KQ';
    expect((await anon.withToken(forged).get('auth/whoami/')).status).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1"}').toString('base64url')}.`;
    expect((await anon.withToken(none).get('auth/whoami/')).status).toBe(401);
  });

  it('lists only the users of my business', async () => {
    const me = await newUser();
    const other = await createBusiness(t.db);
    const stranger = await createUser(t.db, { businessId: other.id, role: 'Kassir' });
    const res = await (await signIn(t.url, me)).get('auth/by-business/');
    expect(res.status).toBe(200);
    const ids = res.body.map((u: { id: number }) => u.id);
    expect(ids).toContain(me.id);
    expect(ids).not.toContain(stranger.id);
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      email: expect.any(String),
      first_name: expect.any(String),
      last_name: expect.any(String),
      code: expect.any(String),
      role: expect.any(String),
    });
  });
});

describe('password reset', () => {
  it('goes from forgot-password through the mailed code to a new password', async () => {
    const u = await newUser();
    const client = await signIn(t.url, u);
    const started = Date.now();
    const asked = await anon.post('auth/forgot-password/', { email: u.email });
    expect(asked.status).toBe(200);
    const code = await waitForMailedCode(t.dataDir, u.email, started);
    const verified = await anon.post('auth/verify-code/', { email: u.email, code });
    expect(verified.status).toBe(200);
    expect(verified.body.reset_token).toBeTruthy();
    const reset = await anon.post('auth/reset-password/', {
      token: verified.body.reset_token,
      new_password: 'new-password-1',
    });
    expect(reset.status).toBe(200);
    expect((await anon.post('auth/login/', { email: u.email, password: u.password })).status).toBe(401);
    expect((await anon.post('auth/login/', { email: u.email, password: 'new-password-1' })).status).toBe(200);
    // The reset token is single use.
    const again = await anon.post('auth/reset-password/', {
      token: verified.body.reset_token,
      new_password: 'another-one-2',
    });
    expect(again.status).toBe(400);
    void client;
  });

  it('audits each step of the reset and the sign-out (DESIGN.md section 3 "Audit")', async () => {
    const u = await newUser();
    const { refresh } = (await anon.post('auth/login/', { email: u.email, password: u.password })).body;
    await anon.post('auth/logout/', { refresh });
    const started = Date.now();
    await anon.post('auth/forgot-password/', { email: u.email });
    const code = await waitForMailedCode(t.dataDir, u.email, started);
    const { reset_token } = (await anon.post('auth/verify-code/', { email: u.email, code })).body;
    await anon.post('auth/reset-password/', { token: reset_token, new_password: 'audited-pass-1' });
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'business_id'])
      .where('actor_id', '=', u.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual([
      'auth.login',
      'auth.logout',
      'auth.reset_code_requested',
      'auth.reset_code_verified',
      'auth.password_reset',
    ]);
    expect(new Set(rows.map((r) => r.business_id))).toEqual(new Set([businessId]));
  });

  it('revokes every refresh token of the user', async () => {
    const u = await newUser();
    const { refresh } = (await anon.post('auth/login/', { email: u.email, password: u.password })).body;
    const started = Date.now();
    await anon.post('auth/forgot-password/', { email: u.email });
    const code = await waitForMailedCode(t.dataDir, u.email, started);
    const { reset_token } = (await anon.post('auth/verify-code/', { email: u.email, code })).body;
    await anon.post('auth/reset-password/', { token: reset_token, new_password: 'brand-new-pass' });
    expect((await anon.post('auth/refresh/', { refresh })).status).toBe(401);
  });

  it('answers the same for unknown e-mails and mails nothing', async () => {
    const known = await newUser();
    const a = await anon.post('auth/forgot-password/', { email: known.email });
    const b = await anon.post('auth/forgot-password/', { email: 'ghost@test.uz' });
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    const bad = await anon.post('auth/verify-code/', { email: 'ghost@test.uz', code: '123456' });
    expect(bad.status).toBe(400);
  });

  it('limits codes: one a minute per e-mail, with Retry-After', async () => {
    const u = await newUser();
    expect((await anon.post('auth/forgot-password/', { email: u.email })).status).toBe(200);
    const second = await anon.post('auth/forgot-password/', { email: u.email });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('limits codes to five an hour', async () => {
    await withClockedApp(async (clocked, advance) => {
      const c = new ApiClient(clocked.url);
      for (let i = 0; i < 5; i++) {
        expect((await c.post('auth/forgot-password/', { email: 'limit@test.uz' })).status).toBe(200);
        advance(61_000);
      }
      expect((await c.post('auth/forgot-password/', { email: 'limit@test.uz' })).status).toBe(429);
    });
  });

  it('refuses a wrong code, an expired code, and a short new password', async () => {
    await withClockedApp(async (clocked, advance) => {
      const c = new ApiClient(clocked.url);
      const bid = (await createBusiness(clocked.db)).id;
      const u = await createUser(clocked.db, { businessId: bid, role: 'admin' });
      await c.post('auth/forgot-password/', { email: u.email });
      const code = await waitForMailedCode(clocked.dataDir, u.email);
      const wrong = await c.post('auth/verify-code/', {
        email: u.email,
        code: code === '999999' ? '000000' : '999999',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.detail).toBe('Invalid or expired code.');
      advance(11 * 60_000);
      expect((await c.post('auth/verify-code/', { email: u.email, code })).status).toBe(400);
      const short = await c.post('auth/reset-password/', { token: 'x', new_password: 'short' });
      expect(short.status).toBe(400);
      expect(short.body.new_password).toBeDefined();
      expect(
        (await c.post('auth/reset-password/', { token: 'unknown', new_password: 'long-enough-1' })).status,
      ).toBe(400);
    });
  });
});
