import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import { createBusiness, createUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp, waitForMailedCode } from '../../../test/harness.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

// DESIGN.md section 5 beyond auth.test.ts, each on a server of its own: the log with real SMTP,
// the cost of a sign-in and a reset, and throttling per client address (TRUST_PROXY=1 lets each
// test come from an address of its own through X-Forwarded-For).

// Counts the argon2 work the server does; the real functions still run.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, hash: vi.fn(real.hash), verify: vi.fn(real.verify) };
});
const hashCalls = () => vi.mocked(argon2.hash).mock.calls.length;
const verifyCalls = () => vi.mocked(argon2.verify).mock.calls.length;

const codeIn = (raw: string) => /:\s(\d{6})\b/.exec(raw)?.[1];

async function nextMessage(messages: string[], seen: number): Promise<string> {
  for (let i = 0; i < 200 && messages.length <= seen; i++) await new Promise((r) => setTimeout(r, 20));
  const message = messages[seen];
  if (!message) throw new Error('no mail reached the SMTP sink');
  return message;
}

describe('the log with SMTP configured', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const log: string[] = [];
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ env: { SMTP_URL: sink.url }, logStream: { write: (line) => log.push(line) } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('holds none of the codes, tokens and passwords of a whole sign-in and reset', async () => {
    const anon = new ApiClient(t.url);
    const business = await createBusiness(t.db);
    const u = await createUser(t.db, { businessId: business.id, role: 'manager', login_otp: true });
    const secrets: string[] = [u.password];

    const login = await anon.post('auth/login/', { email: u.email, password: u.password });
    const loginCode = codeIn(await nextMessage(sink.messages, 0));
    const signedIn = await anon.post('auth/verify-code/', {
      otp_token: login.body.otp_token,
      code: loginCode,
    });
    expect(signedIn.status).toBe(200);
    const refreshed = await anon.post('auth/refresh/', { refresh: signedIn.body.refresh });
    expect(refreshed.status).toBe(200);
    const me = await anon.withToken(refreshed.body.access).get('auth/whoami/');
    expect(me.status).toBe(200);
    expect((await anon.post('auth/logout/', { refresh: refreshed.body.refresh })).status).toBe(204);

    expect((await anon.post('auth/forgot-password/', { email: u.email })).status).toBe(200);
    const resetCode = codeIn(await nextMessage(sink.messages, 1));
    const verified = await anon.post('auth/verify-code/', { email: u.email, code: resetCode });
    const newPassword = 'a-new-secret-password';
    const reset = await anon.post('auth/reset-password/', {
      token: verified.body.reset_token,
      new_password: newPassword,
    });
    expect(reset.status).toBe(200);
    secrets.push(
      login.body.otp_token,
      signedIn.body.access,
      signedIn.body.refresh,
      refreshed.body.access,
      refreshed.body.refresh,
      verified.body.reset_token,
      newPassword,
    );
    for (const code of [loginCode, resetCode]) {
      expect(code).toMatch(/^\d{6}$/);
      secrets.push(code as string);
    }

    const text = log.join('');
    expect(text).toContain('"msg":"request completed"');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(text.includes(secret), `a secret of the flow is in the log: ${secret}`).toBe(false);
    }
  });
});

describe('the log in the mail-drop mode (no SMTP_URL)', () => {
  it('carries the one-time code, for the developer', async () => {
    const log: string[] = [];
    const t = await startTestApp({ logStream: { write: (line) => log.push(line) } });
    try {
      const u = await createUser(t.db, { businessId: (await createBusiness(t.db)).id, role: 'manager' });
      const started = Date.now();
      await new ApiClient(t.url).post('auth/forgot-password/', { email: u.email });
      const code = await waitForMailedCode(t.dataDir, u.email, started);
      expect(log.join('')).toContain(`one-time code ${code} issued`);
    } finally {
      await t.close();
    }
  });
});

describe('sign-in and reset costs, and throttling per address', () => {
  let t: TestApp;
  let businessId: number;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
    businessId = (await createBusiness(t.db)).id;
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('spends one argon2 verification and no hash for a known, an invited and an unknown e-mail', async () => {
    const u = await createUser(t.db, { businessId, role: 'manager' });
    // Invited, no password chosen yet (DESIGN.md section 9): timed like the others.
    const invited = await createUser(t.db, { businessId, role: 'Kassir' });
    await t.db.updateTable('users').set({ password_set: false }).where('id', '=', invited.id).execute();
    const anon = new ApiClient(t.url);
    for (const email of [u.email, invited.email, 'nobody-here@test.uz']) {
      const [hashes, verifies] = [hashCalls(), verifyCalls()];
      const res = await anon.post('auth/login/', { email, password: 'wrong-password' }, from('10.0.0.1'));
      expect(res.status).toBe(401);
      expect([hashCalls() - hashes, verifyCalls() - verifies], email).toEqual([0, 1]);
    }
  });

  it('checks the reset token before hashing the new password', async () => {
    const hashes = hashCalls();
    const res = await new ApiClient(t.url).post(
      'auth/reset-password/',
      { token: 'not-a-token', new_password: 'long-enough-password' },
      from('10.0.0.2'),
    );
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/yaroqsiz yoki muddati o'tgan/);
    // And an invitation's token likewise.
    const invite = await new ApiClient(t.url).post(
      'auth/accept-invite/',
      { token: 'not-a-token', new_password: 'long-enough-password' },
      from('10.0.0.2'),
    );
    expect(invite.status).toBe(400);
    expect(hashCalls()).toBe(hashes);
  });

  it('throttles an address after 100 failures over many e-mails (429, Retry-After); others sign in', async () => {
    const anon = new ApiClient(t.url);
    for (let i = 0; i < 100; i++) {
      const res = await anon.post(
        'auth/login/',
        { email: `guess-${i}@test.uz`, password: 'x' },
        from('10.0.0.3'),
      );
      expect(res.status).toBe(401);
    }
    const u = await createUser(t.db, { businessId, role: 'manager' });
    const blocked = await anon.post(
      'auth/login/',
      { email: u.email, password: u.password },
      from('10.0.0.3'),
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    const elsewhere = await anon.post(
      'auth/login/',
      { email: u.email, password: u.password },
      from('10.0.0.4'),
    );
    expect(elsewhere.status).toBe(200);
  }, 30_000);
});
