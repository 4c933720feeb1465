import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from '../../../test/admin-cli.ts';
import { ApiClient } from '../../../test/client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import * as admin from '../../cli/admin.commands.ts';
import { balanceOf, USD, UZS } from './finance.fixtures.ts';

// The admin CLI of DESIGN.md section 2: its commands against the test database, and the real
// `npm run admin` process once against a fresh embedded database.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => assertMoneyInvariants(t.db));
afterAll(() => t.close());

const PASSWORD = 'boshqaruv-parol';
let businessId: number;

describe('admin commands', () => {
  it('bootstraps a business and a user who can sign in', async () => {
    const business = await admin.createBusiness(t.db, 'Yangi Savdo');
    businessId = business.id;
    const user = await admin.createUser(t.db, {
      businessId: business.id,
      email: 'Boss@Yangi.uz',
      role: 'Kassir',
      password: PASSWORD,
      firstName: 'Bek',
      code: 'KAS-9',
    });
    expect(user).toMatchObject({ email: 'boss@yangi.uz', role: 'Kassir' });
    const login = await new ApiClient(t.url).post('auth/login/', {
      email: 'boss@yangi.uz',
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    await expect(
      admin.createUser(t.db, {
        businessId: business.id,
        email: 'boss@yangi.uz',
        role: 'Kassir',
        password: PASSWORD,
      }),
    ).rejects.toThrow(/already exists/);
    await expect(
      admin.createUser(t.db, { businessId: business.id, email: 'x@y.uz', role: 'King', password: PASSWORD }),
    ).rejects.toThrow(/unknown role/);
    await expect(
      admin.createUser(t.db, { businessId: 999_999, email: 'x@y.uz', role: 'admin', password: PASSWORD }),
    ).rejects.toThrow(/no business/);
    await expect(
      admin.createUser(t.db, { businessId: business.id, email: 'x@y.uz', role: 'admin', password: 'short' }),
    ).rejects.toThrow(/at least 8/);
  });

  it('resets a password and switches login codes', async () => {
    await admin.resetPassword(t.db, 'boss@yangi.uz', 'yangi-parol-123');
    expect(
      (await new ApiClient(t.url).post('auth/login/', { email: 'boss@yangi.uz', password: PASSWORD })).status,
    ).toBe(401);
    await admin.setLoginCodes(t.db, 'boss@yangi.uz', true);
    const login = await new ApiClient(t.url).post('auth/login/', {
      email: 'boss@yangi.uz',
      password: 'yangi-parol-123',
    });
    expect(login.body.otp_required).toBe(true);
    await admin.setLoginCodes(t.db, 'boss@yangi.uz', false);
    await expect(admin.resetPassword(t.db, 'nobody@yangi.uz', 'yangi-parol-123')).rejects.toThrow(/no user/);
  });

  it('sets a currency rate, which the API then shows', async () => {
    const row = await admin.setRate(t.db, businessId, 'usd', '12700.5');
    expect(row.rate_to_uzs).toBe('12700.500000');
    const signIn = await new ApiClient(t.url).post('auth/login/', {
      email: 'boss@yangi.uz',
      password: 'yangi-parol-123',
    });
    const currencies = await new ApiClient(t.url, signIn.body.access).get('finance/currencies/');
    expect(currencies.body[0]).toMatchObject({ code: 'USD', rate_to_uzs: '12700.500000' });
    await expect(admin.setRate(t.db, businessId, 'UZS', '2')).rejects.toThrow(/asosiy valyuta/);
    await expect(admin.setRate(t.db, businessId, 'EUR', '14000')).rejects.toThrow(/no currency EUR/);
    await expect(admin.setRate(t.db, businessId, 'USD', '-1')).rejects.toThrow(/musbat/);
    await expect(admin.setRate(t.db, businessId, 'USD', '1.1234567')).rejects.toThrow(/kasr/);
  });

  it('opens and adjusts balances as ADJUSTMENT ledger rows, refusing an overdraft', async () => {
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'boss@yangi.uz')
      .executeTakeFirstOrThrow();
    const opened = await admin.adjustBalance(t.db, {
      email: 'boss@yangi.uz',
      currency: 'UZS',
      amount: '5000000',
      reason: "Boshlang'ich qoldiq",
    });
    expect(opened.onHand).toBe('5000000.00');
    await admin.adjustBalance(t.db, {
      email: 'boss@yangi.uz',
      currency: 'uzs',
      amount: '-250.50',
      reason: 'Tuzatish kiritildi',
    });
    expect(await balanceOf(t.db, user.id, UZS)).toBe('4999749.50');
    const rows = await t.db
      .selectFrom('money_transactions')
      .select(['tx_type', 'reason', 'amount'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { tx_type: 'ADJUSTMENT', reason: "Boshlang'ich qoldiq", amount: '5000000.00' },
      { tx_type: 'ADJUSTMENT', reason: 'Tuzatish kiritildi', amount: '-250.50' },
    ]);
    await expect(
      admin.adjustBalance(t.db, {
        email: 'boss@yangi.uz',
        currency: 'USD',
        amount: '-1',
        reason: 'Tuzatish kiritildi',
      }),
    ).rejects.toThrow(/USD/);
    expect(await balanceOf(t.db, user.id, USD)).toBeNull();
    for (const bad of [
      { amount: '0' },
      { amount: 'abc' },
      { amount: '1.001' },
      { reason: 'qisqa' },
      { currency: 'EUR' },
      { email: 'nobody@x.uz' },
    ]) {
      await expect(
        admin.adjustBalance(t.db, {
          email: 'boss@yangi.uz',
          currency: 'UZS',
          amount: '1',
          reason: 'Tuzatish kiritildi',
          ...bad,
        }),
      ).rejects.toThrow(admin.CliError);
    }
  });
});

describe('npm run admin', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const admin = adminCli({ DATA_DIR: dataDir, DEMO: '0' });

  it('migrates a fresh embedded database, runs a command, and explains mistakes', async () => {
    const created = await admin('create-business', '--name', 'CLI Savdo');
    expect(created).toMatchObject({ code: 0, out: 'business 1 created: CLI Savdo\n' });
    // One command: a business and its first Owner (DESIGN.md section 9).
    const withOwner = await admin(
      'create-business',
      '--name',
      'Ikkinchi Savdo',
      '--first-owner',
      'Rahbar@Ikkinchi.uz',
      '--first-owner-password',
      'rahbar-parol-1',
    );
    expect(withOwner).toMatchObject({
      code: 0,
      out: 'business 2 created: Ikkinchi Savdo; its Owner rahbar@ikkinchi.uz (user 1) may sign in\n',
    });
    const short = await admin(
      'create-business',
      '--name',
      'Uchinchi',
      '--first-owner',
      'x@y.uz',
      '--first-owner-password',
      'qisqa',
    );
    expect(short.code).toBe(1);
    expect(short.err).toContain('at least 8');
    const usage = await admin('frobnicate');
    expect(usage.code).toBe(1);
    expect(usage.err).toContain('unknown command frobnicate');
    expect(usage.err).toContain('Usage: npm run admin');
    const missing = await admin('set-rate', '--business', '1', '--currency', 'USD');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('error: missing --rate\n');
  }, 120_000);
});
