import { BalanceAdjustBodySchema, DEFAULT_LANGUAGE, msg, PASSWORD_MIN, ROLES } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import { writeAudit } from '../lib/audit.ts';
import { hashPassword } from '../lib/auth/passwords.ts';
import { createCaches } from '../lib/caches.ts';
import { AppError, issueMessage } from '../lib/errors.ts';
import { renderMessage } from '../lib/texts.ts';
import { inTransaction } from '../lib/transaction.ts';
import { adjustBalance as adjustBalanceOf } from '../modules/admin/balances.service.ts';
import { openBusiness } from '../modules/admin/business.service.ts';
import { findUserByEmail, setPasswordHash } from '../modules/auth/auth.repository.ts';
import { findCurrencyByCode } from '../modules/finance/finance.repository.ts';
import * as rates from '../modules/finance/rates.service.ts';

// The production bootstrap of DESIGN.md section 2 (`npm run admin -- <command>`). Each command is
// a plain function over a database, so tests call them directly; admin.ts only parses argv.

/** A refusal the CLI prints as one line and exits 1 on (not a crash). */
export class CliError extends Error {}

async function userByEmail(db: Database, email: string) {
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  if (!user) throw new CliError(`no user with e-mail ${email}`);
  return user;
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

/** The checks of a new user that need no business row; the e-mail lower-cased, the password hashed. */
async function checkedUser(db: Database, input: Omit<NewUser, 'businessId'>) {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new CliError(`not an e-mail address: ${input.email}`);
  const role = ROLES.find((r) => r === input.role);
  if (!role) throw new CliError(`unknown role ${input.role}; one of: ${ROLES.join(', ')}`);
  if (input.password.length < PASSWORD_MIN)
    throw new CliError(`the password needs at least ${PASSWORD_MIN} characters`);
  if (await findUserByEmail(db, email)) throw new CliError(`a user with e-mail ${email} already exists`);
  return { ...input, role, email, passwordHash: await hashPassword(input.password) };
}

async function insertUser(trx: Database, businessId: number, user: Awaited<ReturnType<typeof checkedUser>>) {
  const row = await trx
    .insertInto('users')
    .values({
      business_id: businessId,
      email: user.email,
      role: user.role,
      password_hash: user.passwordHash,
      first_name: user.firstName ?? '',
      last_name: user.lastName ?? '',
      code: user.code ?? '',
    })
    .returning(['id', 'email', 'role'])
    .executeTakeFirstOrThrow();
  await writeAudit(trx, {
    businessId,
    actorId: null,
    action: 'cli.create-user',
    entity: 'user',
    entityId: row.id,
    summary: msg('audit.cli.user_added_cli', { email: user.email, role: user.role }),
  });
  return row;
}

/**
 * A new business with USD and UZS, and with `owner` its first Owner, in one transaction: one
 * command sets up a business whose Owner does the rest from the browser (DESIGN.md section 9).
 */
export async function createBusiness(
  db: Database,
  name: string,
  owner?: { email: string; password: string },
) {
  if (!name.trim()) throw new CliError('the business name must not be blank');
  const firstOwner = owner ? await checkedUser(db, { ...owner, role: 'Owner' }) : null;
  return inTransaction(db, async (trx) => {
    const row = await openBusiness(trx, name.trim());
    await writeAudit(trx, {
      businessId: row.id,
      actorId: null,
      action: 'cli.create-business',
      entity: 'business',
      entityId: row.id,
      summary: msg('audit.cli.business_created_cli', { name: row.name }),
    });
    const ownerRow = firstOwner ? await insertUser(trx, row.id, firstOwner) : null;
    return { ...row, owner: ownerRow };
  });
}

export async function createUser(db: Database, input: NewUser) {
  const user = await checkedUser(db, input);
  const business = await db
    .selectFrom('businesses')
    .select('id')
    .where('id', '=', input.businessId)
    .executeTakeFirst();
  if (!business) throw new CliError(`no business with id ${input.businessId}`);
  return inTransaction(db, (trx) => insertUser(trx, input.businessId, user));
}

/** A new password signs the user out everywhere (DESIGN.md section 5). */
export async function resetPassword(db: Database, email: string, password: string) {
  if (password.length < PASSWORD_MIN)
    throw new CliError(`the password needs at least ${PASSWORD_MIN} characters`);
  const user = await userByEmail(db, email);
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (trx) => {
    await setPasswordHash(trx, user, passwordHash);
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
      summary: on ? msg('audit.cli.sign_in_codes_turned_on') : msg('audit.cli.sign_in_codes_turned_off'),
    });
  });
  return user;
}

/** The web's errors, as the CLI's: the detail, then each field's first message. */
function cliErrorOf(err: unknown): unknown {
  if (!(err instanceof AppError)) return err;
  const detail = renderMessage(err.detail, DEFAULT_LANGUAGE);
  const fields = Object.entries(err.fields ?? {}).map(
    ([f, [m]]) => `${f}: ${m ? renderMessage(m, DEFAULT_LANGUAGE) : ''}`,
  );
  return new CliError([detail, ...fields.filter((f) => !f.endsWith(detail))].join('; '));
}

/** The business's rate for a currency, as the web sets it (DESIGN.md section 9); UZS stays 1. */
export async function setRate(db: Database, businessId: number, code: string, rate: string) {
  const upper = code.trim().toUpperCase();
  const currency = await findCurrencyByCode(db, businessId, upper);
  if (!currency) throw new CliError(`business ${businessId} has no currency ${upper}`);
  try {
    const set = await rates.setRate(
      { db, caches: createCaches() },
      { businessId, actorId: null },
      currency.id,
      rate,
    );
    return { code: upper, rate_to_uzs: set.row.rate_to_uzs };
  } catch (err) {
    throw cliErrorOf(err);
  }
}

/**
 * Opens or adjusts a balance as one ADJUSTMENT ledger row with a reason (DESIGN.md sections 2
 * and 9): the web's adjustment, with the department named by e-mail and the currency by code.
 */
export async function adjustBalance(
  db: Database,
  input: { email: string; currency: string; amount: string; reason: string },
) {
  const user = await userByEmail(db, input.email);
  const currency = await findCurrencyByCode(db, user.business_id, input.currency.trim().toUpperCase());
  if (!currency) throw new CliError(`no currency ${input.currency} in ${user.email}'s business`);
  const body = BalanceAdjustBodySchema.safeParse({
    user: user.id,
    currency: currency.id,
    amount: input.amount,
    reason_text: input.reason,
  });
  if (!body.success) {
    const issue = body.error.issues[0];
    const message = renderMessage(issueMessage(issue?.message), DEFAULT_LANGUAGE);
    throw new CliError(`${issue?.path.join('.')}: ${message}`);
  }
  try {
    const row = await adjustBalanceOf(
      { db },
      { businessId: user.business_id, actorId: null },
      body.data,
      null,
    );
    return { id: row.id, onHand: row.on_hand, code: row.currency_code };
  } catch (err) {
    throw cliErrorOf(err);
  }
}
