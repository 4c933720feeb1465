import {
  D,
  DECIMAL_PATTERN,
  fixedMoney,
  fixedRate,
  isValidReason,
  PASSWORD_MIN,
  RATE_SCALE,
  ROLES,
  type Role,
} from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import { hashPassword } from '../lib/auth/passwords.ts';
import { inTransaction } from '../lib/transaction.ts';
import { writeAudit } from '../modules/audit/audit.repository.ts';
import { findUserByEmail } from '../modules/auth/auth.repository.ts';
import { findCurrencyByCode, setCurrencyRate } from '../modules/finance/finance.repository.ts';
import { postMoney } from '../modules/finance/ledger.ts';

// The production bootstrap of DESIGN.md section 2 (`npm run admin -- <command>`). Each command is
// a plain function over a database, so tests call them directly; admin.ts only parses argv.

/** A refusal the CLI prints as one line and exits 1 on (not a crash). */
export class CliError extends Error {}

async function userByEmail(db: Database, email: string) {
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  if (!user) throw new CliError(`no user with e-mail ${email}`);
  return user;
}

export async function createBusiness(db: Database, name: string) {
  if (!name.trim()) throw new CliError('the business name must not be blank');
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('businesses')
      .values({ name: name.trim() })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      businessId: row.id,
      actorId: null,
      action: 'cli.create-business',
      entity: 'business',
      entityId: row.id,
      summary: row.name,
    });
    return row;
  });
}

export interface NewUser {
  businessId: number;
  email: string;
  role: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  code?: string | undefined;
}

export async function createUser(db: Database, input: NewUser) {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new CliError(`not an e-mail address: ${input.email}`);
  if (!ROLES.includes(input.role as Role))
    throw new CliError(`unknown role ${input.role}; one of: ${ROLES.join(', ')}`);
  if (input.password.length < PASSWORD_MIN)
    throw new CliError(`the password needs at least ${PASSWORD_MIN} characters`);
  const business = await db
    .selectFrom('businesses')
    .select('id')
    .where('id', '=', input.businessId)
    .executeTakeFirst();
  if (!business) throw new CliError(`no business with id ${input.businessId}`);
  if (await findUserByEmail(db, email)) throw new CliError(`a user with e-mail ${email} already exists`);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        business_id: input.businessId,
        email,
        role: input.role,
        password_hash: passwordHash,
        first_name: input.firstName ?? '',
        last_name: input.lastName ?? '',
        code: input.code ?? '',
      })
      .returning(['id', 'email', 'role'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      businessId: input.businessId,
      actorId: null,
      action: 'cli.create-user',
      entity: 'user',
      entityId: row.id,
      summary: `${email} (${input.role})`,
    });
    return row;
  });
}

/** A new password signs the user out everywhere (DESIGN.md section 5). */
export async function resetPassword(db: Database, email: string, password: string) {
  if (password.length < PASSWORD_MIN)
    throw new CliError(`the password needs at least ${PASSWORD_MIN} characters`);
  const user = await userByEmail(db, email);
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: sql<Date>`now()` })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    await writeAudit(trx, {
      businessId: user.business_id,
      actorId: null,
      action: 'cli.reset-password',
      entity: 'user',
      entityId: user.id,
      summary: user.email,
    });
  });
  return user;
}

export async function setLoginCodes(db: Database, email: string, on: boolean) {
  const user = await userByEmail(db, email);
  await inTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ login_otp: on }).where('id', '=', user.id).execute();
    await writeAudit(trx, {
      businessId: user.business_id,
      actorId: null,
      action: 'cli.login-codes',
      entity: 'user',
      entityId: user.id,
      summary: on ? 'on' : 'off',
    });
  });
  return user;
}

/** Currencies are global (DESIGN.md section 3); UZS is the pivot and keeps rate 1. */
export async function setRate(db: Database, code: string, rate: string) {
  const upper = code.trim().toUpperCase();
  if (upper === 'UZS') throw new CliError('UZS is the pivot currency: its rate is always 1');
  if (!DECIMAL_PATTERN.test(rate) || new D(rate).lte(0))
    throw new CliError(`the rate must be a positive number, got ${rate}`);
  if (new D(rate).decimalPlaces() > RATE_SCALE)
    throw new CliError(`the rate has at most ${RATE_SCALE} decimals`);
  if (new D(rate).gte('100000000000000')) throw new CliError('the rate is too large');
  return inTransaction(db, async (trx) => {
    const row = await setCurrencyRate(trx, upper, fixedRate(rate));
    if (!row) throw new CliError(`no currency ${upper}`);
    await writeAudit(trx, {
      businessId: null,
      actorId: null,
      action: 'cli.set-rate',
      entity: 'currency',
      entityId: row.id,
      summary: `${upper} = ${row.rate_to_uzs} UZS`,
    });
    return row;
  });
}

/** Opens or adjusts a balance as one ADJUSTMENT ledger row with a reason (DESIGN.md section 2). */
export async function adjustBalance(
  db: Database,
  input: { email: string; currency: string; amount: string; reason: string },
) {
  if (!DECIMAL_PATTERN.test(input.amount) || new D(input.amount).isZero()) {
    throw new CliError(
      `the amount must be a non-zero number (negative to take money away), got ${input.amount}`,
    );
  }
  if (new D(input.amount).decimalPlaces() > 2) throw new CliError('the amount has at most 2 decimals');
  if (new D(input.amount).abs().gte('1000000000000000000')) throw new CliError('the amount is too large');
  if (!isValidReason(input.reason)) throw new CliError('the reason must be 8 to 500 characters');
  const user = await userByEmail(db, input.email);
  const currency = await findCurrencyByCode(db, input.currency.trim().toUpperCase());
  if (!currency) throw new CliError(`no currency ${input.currency}`);
  return inTransaction(db, async (trx) => {
    const [row] = await postMoney(trx, [
      {
        businessId: user.business_id,
        userId: user.id,
        currencyId: currency.id,
        amount: input.amount,
        rateToUzs: currency.rate_to_uzs,
        txType: 'ADJUSTMENT',
        reason: input.reason.trim(),
        createdBy: null,
      },
    ]);
    const balance = await trx
      .selectFrom('balances')
      .select('on_hand')
      .where('user_id', '=', user.id)
      .where('currency_id', '=', currency.id)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      businessId: user.business_id,
      actorId: null,
      action: 'cli.adjust-balance',
      entity: 'money_transaction',
      entityId: row?.id ?? null,
      summary: `${user.email} ${fixedMoney(input.amount)} ${currency.code}: ${input.reason.trim()}`,
    });
    return { id: row?.id ?? 0, onHand: balance.on_hand, code: currency.code };
  });
}
