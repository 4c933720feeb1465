import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import {
  auditOf,
  createSignedInUsers,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestUser,
} from '../../../test/factories.ts';
import {
  signInOutsider,
  startTestApp,
  startWithUsers,
  type TestApp,
  waitForMail,
  waitForMailedCode,
} from '../../../test/harness.ts';

// Users from the web (DESIGN.md section 9): invitations, roles, deactivation and the last Owner.

let t: TestApp;
let owner: ApiClient;
let admin: ApiClient;
let kassir: ApiClient;
let manager: ApiClient;
let users: Record<'Owner' | 'admin' | 'Kassir' | 'manager', TestUser>;
let outsider: TestUser;
let otherOwner: ApiClient;

beforeAll(async () => {
  const mine = await startWithUsers(['Owner', 'admin', 'Kassir', 'manager']);
  ({ t, users } = mine);
  ({ Owner: owner, admin, Kassir: kassir, manager } = mine.as);
  ({ client: otherOwner, user: outsider } = await signInOutsider(t));
});
afterAll(() => t.close());

const INVITE = /\/set-password\?invite=([A-Za-z0-9_-]+)/;
const anonymous = () => new ApiClient(t.url);
const login = (email: string, password: string) => anonymous().post('auth/login/', { email, password });
const newPerson = (email: string, role = 'Kassir') => ({
  email,
  role,
  first_name: 'Yangi',
  last_name: 'Xodim',
  code: 'KAS-7',
  login_otp: false,
});

async function invitedToken(email: string, after = 0): Promise<string> {
  return waitForMail(t.dataDir, email, INVITE, after);
}

describe('inviting a user', () => {
  it('creates the user without a password and mails a single-use link; accepting it lets them sign in', async () => {
    const sent = Date.now();
    const res = await admin.post('admin/users/', newPerson('  Dilnoza@Savdo.UZ '));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'dilnoza@savdo.uz',
      role: 'Kassir',
      first_name: 'Yangi',
      code: 'KAS-7',
      is_active: true,
      invitation_pending: true,
      last_login_at: null,
    });
    const token = await invitedToken('dilnoza@savdo.uz', sent);
    // Nothing signs in until a password is chosen, whatever is typed.
    expect((await login('dilnoza@savdo.uz', '!')).status).toBe(401);
    expect((await login('dilnoza@savdo.uz', '')).status).toBe(400);

    const short = await anonymous().post('auth/accept-invite/', { token, new_password: 'short' });
    expect(short.status).toBe(400);
    const accepted = await anonymous().post('auth/accept-invite/', {
      token,
      new_password: 'dilnoza-parol-1',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).not.toHaveProperty('access');
    // Single use.
    const again = await anonymous().post('auth/accept-invite/', { token, new_password: 'boshqa-parol-22' });
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain('yaroqsiz');

    const signedIn = await login('dilnoza@savdo.uz', 'dilnoza-parol-1');
    expect(signedIn.status).toBe(200);
    const listed = (await owner.get('admin/users/?search=dilnoza')).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ invitation_pending: false, last_login_at: expect.any(String) });

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(res.body.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'user.create',
      'auth.login_failed',
      'auth.accept_invite',
      'auth.login',
    ]);
    expect(audit[0]?.summary).toBe("Foydalanuvchi qo'shildi: dilnoza@savdo.uz (Kassir), taklif yuborildi");
  });

  it('needs only e-mail, role and names: the code is blank and login codes off by default', async () => {
    // DESIGN.md section 16.
    const res = await admin.post('admin/users/', {
      email: 'kamola@savdo.uz',
      role: 'Bozorchi',
      first_name: 'Kamola',
      last_name: 'Yusupova',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ email: 'kamola@savdo.uz', code: '', login_otp: false });
    const row = await t.db
      .selectFrom('users')
      .select(['code', 'login_otp'])
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ code: '', login_otp: false });
    const missing = await admin.post('admin/users/', { email: 'faqat@savdo.uz' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body).sort()).toEqual([
      'detail',
      'detail_message',
      'field_messages',
      'first_name',
      'last_name',
      'role',
    ]);
  });

  it('sends a new invitation on request; the older link stops working', async () => {
    const first = await owner.post('admin/users/', newPerson('bekzod@savdo.uz', 'manager'));
    const oldToken = await invitedToken('bekzod@savdo.uz');
    const later = Date.now();
    const resent = await owner.post(`admin/users/${first.body.id}/invite/`);
    expect(resent.status).toBe(200);
    const newToken = await invitedToken('bekzod@savdo.uz', later);
    expect(newToken).not.toBe(oldToken);
    expect(
      (await anonymous().post('auth/accept-invite/', { token: oldToken, new_password: 'bekzod-parol-1' }))
        .status,
    ).toBe(400);
    expect(
      (await anonymous().post('auth/accept-invite/', { token: newToken, new_password: 'bekzod-parol-1' }))
        .status,
    ).toBe(200);
    // They chose a password: the page offers no new invitation (forgot-password is theirs).
    expect((await owner.post(`admin/users/${first.body.id}/invite/`)).status).toBe(409);
  });

  it('refuses an expired link and a deactivated person', async () => {
    const created = await owner.post('admin/users/', newPerson('eskirgan@savdo.uz'));
    const token = await invitedToken('eskirgan@savdo.uz');
    await sql`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE user_id = ${created.body.id}`.execute(
      t.db,
    );
    expect(
      (await anonymous().post('auth/accept-invite/', { token, new_password: 'eskirgan-parol' })).status,
    ).toBe(400);

    const later = Date.now();
    await owner.post(`admin/users/${created.body.id}/invite/`);
    const fresh = await invitedToken('eskirgan@savdo.uz', later);
    await owner.patch(`admin/users/${created.body.id}/`, { is_active: false });
    expect(
      (await anonymous().post('auth/accept-invite/', { token: fresh, new_password: 'eskirgan-parol' }))
        .status,
    ).toBe(400);
    expect((await owner.post(`admin/users/${created.body.id}/invite/`)).status).toBe(409);
    for (const bad of [
      {},
      { token: '', new_password: 'x'.repeat(10) },
      { token: 'x'.repeat(201), new_password: 'parol-12345' },
    ]) {
      expect((await anonymous().post('auth/accept-invite/', bad)).status).toBe(400);
    }
  });

  it('ends the invitation when the person sets a password through forgot-password instead', async () => {
    await owner.post('admin/users/', newPerson('unutgan@savdo.uz'));
    const token = await invitedToken('unutgan@savdo.uz');
    const started = Date.now();
    expect((await anonymous().post('auth/forgot-password/', { email: 'unutgan@savdo.uz' })).status).toBe(200);
    const code = await waitForMailedCode(t.dataDir, 'unutgan@savdo.uz', started);
    const verified = await anonymous().post('auth/verify-code/', { email: 'unutgan@savdo.uz', code });
    const reset = await anonymous().post('auth/reset-password/', {
      token: verified.body.reset_token,
      new_password: 'unutgan-parol-1',
    });
    expect(reset.status).toBe(200);
    expect((await login('unutgan@savdo.uz', 'unutgan-parol-1')).status).toBe(200);
    expect(
      (await anonymous().post('auth/accept-invite/', { token, new_password: 'boshqa-parol-2' })).status,
    ).toBe(400);
    expect((await login('unutgan@savdo.uz', 'unutgan-parol-1')).status).toBe(200);
  });

  it('answers 409 for an e-mail taken anywhere, 400 for bad input', async () => {
    const taken = await owner.post('admin/users/', newPerson(outsider.email.toUpperCase()));
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toContain('allaqachon bor');
    const bad: Array<Record<string, unknown>> = [
      { email: 'not-an-email' },
      { role: 'King' },
      { first_name: 'x'.repeat(151) },
      { code: 'x'.repeat(51) },
      { first_name: 'a\u0007b' },
      { login_otp: 'yes' },
    ];
    for (const change of bad) {
      const res = await owner.post('admin/users/', { ...newPerson('xato@savdo.uz'), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
    }
    expect((await owner.get('admin/users/?search=xato')).body).toEqual([]);
  });

  it('says what was kept when the mail server is down: the user exists, resend tries again', async () => {
    const down = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const boss = await createSignedInUsers(down.db, down.url, ['Owner'] as const);
      const res = await boss.as.Owner.post('admin/users/', newPerson('pochta@savdo.uz'));
      expect(res.status).toBe(502);
      expect(res.body.detail).toContain('Foydalanuvchi saqlandi');
      const listed = (await boss.as.Owner.get('admin/users/?search=pochta')).body;
      expect(listed).toMatchObject([{ email: 'pochta@savdo.uz', invitation_pending: true }]);
      expect((await boss.as.Owner.post(`admin/users/${listed[0].id}/invite/`)).status).toBe(502);
    } finally {
      await down.close();
    }
  });
});

describe('editing users', () => {
  it('changes role, names, code and login codes, audited', async () => {
    const res = await admin.patch(`admin/users/${users.Kassir.id}/`, {
      role: 'manager',
      first_name: 'Aziza',
      code: 'MNG-9',
      login_otp: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'manager', first_name: 'Aziza', code: 'MNG-9', login_otp: true });
    const audit = (await auditOf(t.db, 'user', users.Kassir.id)).find((a) => a.action === 'user.update')!;
    expect(audit.summary).toContain('rol Kassir -> manager');
    expect(audit.summary).toContain('kirish kodlari yoqildi');
    await admin.patch(`admin/users/${users.Kassir.id}/`, { role: 'Kassir', login_otp: false });
  });

  it('deactivation ends every session at once and signing in says so; reactivation lets them in again', async () => {
    const person = await createUser(t.db, { businessId: users.Owner.businessId, role: 'Omborchi' });
    const session = await login(person.email, TEST_PASSWORD);
    expect(session.status).toBe(200);
    expect((await admin.patch(`admin/users/${person.id}/`, { is_active: false })).body.is_active).toBe(false);
    const refreshed = await anonymous().post('auth/refresh/', { refresh: session.body.refresh });
    expect(refreshed.status).toBe(401);
    // The right password learns that the account is off and whom to ask (DESIGN.md section 16);
    // a wrong one learns nothing more than for an unknown e-mail.
    const refused = await login(person.email, TEST_PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      detail: "Hisobingiz nofaol qilingan. Uni qayta faollashtirishni administratordan so'rang.",
    });
    const inRussian = await anonymous().post(
      'auth/login/',
      { email: person.email, password: TEST_PASSWORD },
      { 'accept-language': 'ru' },
    );
    expect(inRussian.body.detail).toBe(
      'Ваша учётная запись отключена. Попросите администратора снова её включить.',
    );
    const wrong = await login(person.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual((await login('nobody-here@savdo.uz', 'not-the-password')).body);
    expect(wrong.body.detail).toBe("Bu ma'lumotlar bilan faol hisob topilmadi");
    // A deactivated department is no longer offered as an offer's other party.
    const offered = (await kassir.get('auth/by-business/')).body.map((u: { id: number }) => u.id);
    expect(offered).not.toContain(person.id);

    expect((await admin.patch(`admin/users/${person.id}/`, { is_active: true })).status).toBe(200);
    expect((await login(person.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('keeps one active Owner: the last one can be neither demoted nor deactivated', async () => {
    const demote = await owner.patch(`admin/users/${users.Owner.id}/`, { role: 'admin' });
    expect(demote.status).toBe(409);
    expect(demote.body.detail).toContain('kamida bitta faol Owner');
    expect((await owner.patch(`admin/users/${users.Owner.id}/`, { is_active: false })).status).toBe(409);
    // Renaming the last Owner is fine.
    expect((await owner.patch(`admin/users/${users.Owner.id}/`, { last_name: 'Rahbar' })).status).toBe(200);

    // With a second Owner, one may step down; then the other is the last.
    const second = await createUser(t.db, { businessId: users.Owner.businessId, role: 'Owner' });
    expect((await owner.patch(`admin/users/${second.id}/`, { role: 'manager' })).status).toBe(200);
    expect((await owner.patch(`admin/users/${second.id}/`, { role: 'Owner' })).status).toBe(200);

    // Two Owners each demoting the other at once: one wins, one is refused.
    const secondClient = await signIn(t.url, second);
    const [a, b] = await Promise.all([
      owner.patch(`admin/users/${second.id}/`, { role: 'manager' }),
      secondClient.patch(`admin/users/${users.Owner.id}/`, { role: 'manager' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const owners = await t.db
      .selectFrom('users')
      .select('id')
      .where('business_id', '=', users.Owner.businessId)
      .where('role', '=', 'Owner')
      .where('is_active', '=', true)
      .execute();
    expect(owners).toHaveLength(1);
    if (owners[0]?.id !== users.Owner.id) {
      await secondClient.patch(`admin/users/${users.Owner.id}/`, { role: 'Owner' });
    }
  });

  it('lets only an Owner make, change or remove an Owner', async () => {
    expect((await admin.post('admin/users/', newPerson('boss2@savdo.uz', 'Owner'))).status).toBe(403);
    expect((await admin.patch(`admin/users/${users.manager.id}/`, { role: 'Owner' })).status).toBe(403);
    expect((await admin.patch(`admin/users/${users.admin.id}/`, { role: 'Owner' })).status).toBe(403);
    expect((await admin.patch(`admin/users/${users.Owner.id}/`, { is_active: false })).status).toBe(403);
    // An admin may still edit an Owner's names.
    expect((await admin.patch(`admin/users/${users.Owner.id}/`, { first_name: 'Sardor' })).status).toBe(200);
  });
});

describe('who may', () => {
  it('is Owner and admin only; another business is not found', async () => {
    for (const client of [kassir, manager]) {
      expect((await client.get('admin/users/')).status).toBe(403);
      expect((await client.post('admin/users/', newPerson('x@savdo.uz'))).status).toBe(403);
      expect((await client.patch(`admin/users/${users.Kassir.id}/`, { first_name: 'X' })).status).toBe(403);
      expect((await client.post(`admin/users/${users.Kassir.id}/invite/`)).status).toBe(403);
    }
    expect((await owner.patch(`admin/users/${outsider.id}/`, { first_name: 'X' })).status).toBe(404);
    expect((await owner.post(`admin/users/${outsider.id}/invite/`)).status).toBe(404);
    expect((await owner.patch('admin/users/0x1/', { first_name: 'X' })).status).toBe(404);
    const theirs = (await otherOwner.get('admin/users/')).body.map((u: { email: string }) => u.email);
    expect(theirs).toEqual([outsider.email]);
  });

  it('searches e-mail, names and code, with LIKE characters literal', async () => {
    const all = (await owner.get('admin/users/')).body;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(
      (await owner.get('admin/users/?search=KAS-7')).body.map((u: { email: string }) => u.email),
    ).toContain('dilnoza@savdo.uz');
    expect((await owner.get('admin/users/?search=%25')).body).toEqual([]);
  });
});
