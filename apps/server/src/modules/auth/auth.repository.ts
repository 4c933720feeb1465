import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { endUnended, rowExists } from '../../db/row-queries.ts';

// Queries only (STYLE.md): no rules here.

export function findUserByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'business_id',
      'email',
      'role',
      'password_hash',
      'password_set',
      'login_otp',
      'is_active',
      'language',
    ])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findUserById(db: Database, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'business_id', 'email', 'role', 'login_otp', 'is_active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countLoginFailuresSince(db: Database, email: string, since: Date) {
  const row = await db
    .selectFrom('login_failures')
    .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(created_at)`.as('oldest')])
    .where('email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return row;
}

export async function recordLoginFailure(db: Database, email: string, at: Date) {
  await db.insertInto('login_failures').values({ email, created_at: at }).execute();
}

export async function clearLoginFailures(db: Database, email: string) {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

export function insertRefreshToken(
  db: Database,
  row: {
    business_id: number;
    user_id: number;
    family_id: string;
    token_hash: string;
    persistent: boolean;
    expires_at: Date;
  },
) {
  return db.insertInto('refresh_tokens').values(row).execute();
}

export function findRefreshToken(db: Database, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .select(['id', 'user_id', 'family_id', 'persistent', 'expires_at', 'rotated_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token rotated only if nobody rotated it first; returns whether this call won. */
export async function markRotated(db: Database, id: number, at: Date): Promise<boolean> {
  const rotated = await endUnended(db, 'refresh_tokens', 'rotated_at', at, (eb) =>
    eb.and([eb('id', '=', id), eb('revoked_at', 'is', null)]),
  );
  return rotated > 0;
}

export async function revokeFamily(db: Database, familyId: string, at: Date) {
  await endUnended(db, 'refresh_tokens', 'revoked_at', at, (eb) => eb('family_id', '=', familyId));
}

export async function revokeAllForUser(db: Database, userId: number, at: Date) {
  await endUnended(db, 'refresh_tokens', 'revoked_at', at, (eb) => eb('user_id', '=', userId));
}

export async function codeRequestStats(db: Database, email: string, purpose: 'RESET' | 'LOGIN', now: Date) {
  const row = await db
    .selectFrom('one_time_codes')
    .select([
      sql<Date | null>`max(created_at)`.as('latest'),
      sql<number>`count(*) FILTER (WHERE created_at > ${new Date(now.getTime() - 3600_000)})::int`.as(
        'lastHour',
      ),
      sql<Date | null>`min(created_at) FILTER (WHERE created_at > ${new Date(now.getTime() - 3600_000)})`.as(
        'oldestInHour',
      ),
      sql<number>`count(*)::int`.as('lastDay'),
      sql<Date | null>`min(created_at)`.as('oldestInDay'),
    ])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('created_at', '>', new Date(now.getTime() - 86_400_000))
    .executeTakeFirstOrThrow();
  return row;
}

export function insertCode(
  db: Database,
  row: {
    purpose: 'RESET' | 'LOGIN';
    email: string;
    user_id: number | null;
    code_hash: string;
    otp_token_hash: string | null;
    persistent: boolean;
    expires_at: Date;
    created_at: Date;
  },
) {
  return db.insertInto('one_time_codes').values(row).execute();
}

const codeColumns = [
  'id',
  'user_id',
  'code_hash',
  'attempts',
  'expires_at',
  'used_at',
  'purpose',
  'persistent',
] as const;

export function findLatestResetCode(db: Database, email: string) {
  return db
    .selectFrom('one_time_codes')
    .select(codeColumns)
    .where('email', '=', email)
    .where('purpose', '=', 'RESET')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findLoginCode(db: Database, otpTokenHash: string) {
  return db
    .selectFrom('one_time_codes')
    .select(codeColumns)
    .where('otp_token_hash', '=', otpTokenHash)
    .where('purpose', '=', 'LOGIN')
    .executeTakeFirst();
}

/** Counts one wrong try; burns the code at `maxAttempts`. Returns the tries so far. */
export async function countWrongTry(
  db: Database,
  id: number,
  maxAttempts: number,
  at: Date,
): Promise<number> {
  const row = await db
    .updateTable('one_time_codes')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      used_at: sql<Date | null>`CASE WHEN attempts + 1 >= ${maxAttempts} THEN ${at}::timestamptz ELSE used_at END`,
    }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? maxAttempts;
}

/** Uses a code once: only the first of two racing verifications wins. */
export async function consumeCode(db: Database, id: number, at: Date): Promise<boolean> {
  return (await endUnended(db, 'one_time_codes', 'used_at', at, (eb) => eb('id', '=', id))) > 0;
}

export async function burnCodesOfUser(db: Database, userId: number, at: Date) {
  await endUnended(db, 'one_time_codes', 'used_at', at, (eb) => eb('user_id', '=', userId));
}

export function insertResetToken(
  db: Database,
  row: { token_hash: string; business_id: number; user_id: number; expires_at: Date },
) {
  return db.insertInto('password_reset_tokens').values(row).execute();
}

/** Whether a reset token may still be used: checked before the new password is hashed. */
export function isResetTokenUsable(db: Database, tokenHash: string, at: Date): Promise<boolean> {
  return rowExists(db, 'password_reset_tokens', (eb) =>
    eb.and([eb('token_hash', '=', tokenHash), eb('used_at', 'is', null), eb('expires_at', '>', at)]),
  );
}

/** Takes a reset token once, if unused and unexpired; returns its user. */
export async function consumeResetToken(db: Database, tokenHash: string, at: Date) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['user_id', 'business_id'])
    .executeTakeFirst();
}

/** Whose row: a user of a business (DESIGN.md section 24: a write of a business's rows names it). */
interface UserKey {
  id: number;
  business_id: number;
}

export async function setPasswordHash(db: Database, user: UserKey, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_set: true })
    .where('business_id', '=', user.business_id)
    .where('id', '=', user.id)
    .execute();
}

export async function touchLastLogin(db: Database, user: UserKey, at: Date) {
  await db
    .updateTable('users')
    .set({ last_login_at: at })
    .where('business_id', '=', user.business_id)
    .where('id', '=', user.id)
    .execute();
}

export async function insertInvitation(
  db: Database,
  row: {
    token_hash: string;
    business_id: number;
    user_id: number;
    created_by: number | null;
    expires_at: Date;
  },
) {
  await db.insertInto('invitations').values(row).execute();
}

/** Ends every open invitation of a user (a newer one, a deactivation, an accepted one). */
export async function revokeInvitations(db: Database, userId: number, at: Date) {
  await endUnended(db, 'invitations', 'revoked_at', at, (eb) =>
    eb.and([eb('user_id', '=', userId), eb('used_at', 'is', null)]),
  );
}

function usableInvitations(db: Database, tokenHash: string, at: Date) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .where('i.token_hash', '=', tokenHash)
    .where('i.used_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', at)
    .where('u.is_active', '=', true);
}

/** Whether an invitation may still be accepted: checked before the password is hashed. */
export async function isInvitationUsable(db: Database, tokenHash: string, at: Date): Promise<boolean> {
  const row = await usableInvitations(db, tokenHash, at).select('i.user_id').executeTakeFirst();
  return row !== undefined;
}

/** Takes an invitation once, if still usable and its user active; returns the user. */
export async function consumeInvitation(db: Database, tokenHash: string, at: Date) {
  const usable = await usableInvitations(db, tokenHash, at)
    .select('i.user_id')
    .forUpdate()
    .executeTakeFirst();
  if (!usable) return undefined;
  return db
    .updateTable('invitations')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning(['user_id', 'business_id'])
    .executeTakeFirst();
}
