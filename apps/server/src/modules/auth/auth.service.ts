import { randomUUID } from 'node:crypto';
import { type AuditAction, type Language, type LoginBody, type Message, msg } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { auditAccount, writeAudit } from '../../lib/audit.ts';
import { hashPassword, spendOneHash, verifyPassword } from '../../lib/auth/passwords.ts';
import { randomToken, sha256 } from '../../lib/auth/tokens.ts';
import type { Deps } from '../../lib/context.ts';
import { AppError, badRequest, forbidden, throttled, unauthorized } from '../../lib/errors.ts';
import { recipientLanguage } from '../../lib/texts.ts';
import { inTransaction } from '../../lib/transaction.ts';
import * as repo from './auth.repository.ts';
import { checkCode, INVALID_CODE, secondsUntil, sendCode } from './one-time-codes.ts';

// Sessions (sign-in, refresh, sign-out) and passwords (DESIGN.md section 5). The one-time codes
// they send and check live in one-time-codes.ts (DESIGN.md section 15: sessions apart from codes).

// What other modules may use of this one (DESIGN.md section 15: a module through its service).
export { insertInvitation, revokeAllForUser, revokeInvitations } from './auth.repository.ts';
// The reset-code steps, so that the routes call this one service.
export { forgotPassword, verifyResetCode } from './one-time-codes.ts';

// The numbers of DESIGN.md section 5.
export const REFRESH_TTL_MS = 7 * 86_400_000;
export const ROTATION_GRACE_MS = 30_000;
const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
const LOGIN_FAILURES_ALLOWED = 10;
// Per client address as well, so guesses spread over many e-mails are slowed too. An office signs
// in from behind one NAT address: 100 failures in 15 minutes is ten times what one person's typos
// could reach, yet caps a guesser at 400 an hour, whatever e-mails it tries.
const LOGIN_FAILURES_PER_IP_ALLOWED = 100;

const INVALID_CREDENTIALS = msg('errors.auth.no_active_account_found_with');
const ACCOUNT_DEACTIVATED = msg('errors.auth.your_account_has_been_deactivated');

export interface IssuedTokens {
  access: string;
  refresh: string;
  persistent: boolean;
}

export type LoginResult = ({ kind: 'tokens' } & IssuedTokens) | { kind: 'otp'; otp_token: string };

type AuthDeps = Pick<Deps, 'db' | 'tokens' | 'clock' | 'mailer' | 'log' | 'caches'>;

async function issueTokens(
  deps: AuthDeps,
  user: { id: number; business_id: number; role: string },
  persistent: boolean,
  familyId: string = randomUUID(),
): Promise<IssuedTokens> {
  const now = deps.clock();
  const refresh = randomToken();
  await repo.insertRefreshToken(deps.db, {
    business_id: user.business_id,
    user_id: user.id,
    family_id: familyId,
    token_hash: sha256(refresh),
    persistent,
    expires_at: new Date(now.getTime() + REFRESH_TTL_MS),
  });
  return { access: await deps.tokens.signAccess(user, now), refresh, persistent };
}

/** login_failures rows are keyed by e-mail, or by the client address under this prefix (no valid
 * e-mail has a colon, so the two never meet). */
const ipThrottleKey = (ip: string | null) => (ip ? `ip:${ip}` : null);

/** 429 with Retry-After when the e-mail or the client address has too many recent failures. */
async function checkLoginThrottle(deps: AuthDeps, email: string, ip: string | null, now: Date) {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const ipKey = ipThrottleKey(ip);
  const limits: Array<[string, number]> = [[email, LOGIN_FAILURES_ALLOWED]];
  if (ipKey) limits.push([ipKey, LOGIN_FAILURES_PER_IP_ALLOWED]);
  for (const [key, allowed] of limits) {
    const failures = await repo.countLoginFailuresSince(deps.db, key, since);
    if (failures.n >= allowed && failures.oldest) {
      throw throttled(
        secondsUntil(failures.oldest, LOGIN_FAILURE_WINDOW_MS, now),
        msg('errors.auth.too_many_failed_sign_in'),
      );
    }
  }
}

export async function login(
  deps: AuthDeps,
  body: LoginBody,
  ip: string | null,
  language: Language,
): Promise<LoginResult> {
  const now = deps.clock();
  await checkLoginThrottle(deps, body.email, ip, now);
  const user = await repo.findUserByEmail(deps.db, body.email);
  // An unknown e-mail, or an invited person who has not chosen a password yet (DESIGN.md
  // section 9), still spends one hash, so the answer's timing tells nothing (DESIGN.md section 5).
  if (!user?.password_set) await spendOneHash(deps.caches.dummyHash, body.password);
  const ok = user?.password_set ? await verifyPassword(user.password_hash, body.password) : false;
  if (!user || !ok || !user.is_active) {
    await repo.recordLoginFailure(deps.db, body.email, now);
    const ipKey = ipThrottleKey(ip);
    // A success never clears the address's count: signing in to one's own account must not reset it.
    if (ipKey) await repo.recordLoginFailure(deps.db, ipKey, now);
    await auditAccount(
      deps.db,
      { userId: user?.id ?? null, businessId: user?.business_id ?? null },
      { action: 'auth.login_failed', summary: msg('audit.auth.sign_in_failed', { email: body.email }), ip },
    );
    // A deactivated account says so and whom to ask (DESIGN.md section 16), but only to someone
    // who knows its password: to anyone else it is a failed sign-in like an unknown e-mail.
    throw user && ok ? forbidden(ACCOUNT_DEACTIVATED) : unauthorized(INVALID_CREDENTIALS);
  }
  await repo.clearLoginFailures(deps.db, body.email);
  const persistent = body.remember !== false;
  if (user.login_otp) {
    const otpToken = await sendCode(
      deps,
      user.email,
      user.id,
      'LOGIN',
      recipientLanguage(user.language, language),
      persistent,
    );
    await auditAccount(
      deps.db,
      { userId: user.id, businessId: user.business_id },
      { action: 'auth.login_code_sent', summary: msg('audit.auth.password_correct_sign_in_code'), ip },
    );
    return { kind: 'otp', otp_token: otpToken };
  }
  const tokens = await issueTokens(deps, user, persistent);
  await repo.touchLastLogin(deps.db, user, now);
  await auditAccount(
    deps.db,
    { userId: user.id, businessId: user.business_id },
    { action: 'auth.login', summary: msg('audit.auth.signed_in'), ip },
  );
  return { kind: 'tokens', ...tokens };
}

/**
 * Rotates a refresh token (RFC 9700 section 4.14.2). Replaying a rotated token revokes its whole
 * family, except within 30 s of the rotation, when a second tab refreshing at the same moment
 * gets its own new token in the same family.
 */
export async function refresh(
  deps: AuthDeps,
  token: string | undefined,
  ip: string | null,
): Promise<IssuedTokens> {
  if (!token) throw unauthorized(msg('errors.auth.refresh_token_missing'));
  const now = deps.clock();
  const row = await repo.findRefreshToken(deps.db, sha256(token));
  if (!row || row.revoked_at || row.expires_at <= now)
    throw unauthorized(msg('errors.auth.token_invalid_or_has_expired'));
  const user = await repo.findUserById(deps.db, row.user_id);
  if (!user?.is_active) throw unauthorized(msg('errors.auth.token_invalid_or_has_expired'));
  const won = await repo.markRotated(deps.db, row.id, now);
  if (!won) {
    const again = await repo.findRefreshToken(deps.db, sha256(token));
    const rotatedAt = again?.rotated_at;
    if (!again || again.revoked_at || !rotatedAt || now.getTime() - rotatedAt.getTime() > ROTATION_GRACE_MS) {
      await repo.revokeFamily(deps.db, row.family_id, now);
      await writeAudit(deps.db, {
        businessId: user.business_id,
        actorId: user.id,
        action: 'auth.refresh_reuse',
        entity: 'refresh_token',
        entityId: row.id,
        summary: msg('audit.auth.old_session_token_was_reused'),
        ip,
      });
      throw unauthorized(msg('errors.auth.token_invalid_or_has_expired'));
    }
  }
  return issueTokens(deps, user, row.persistent, row.family_id);
}

export async function logout(deps: AuthDeps, token: string | undefined, ip: string | null): Promise<void> {
  if (!token) return;
  const row = await repo.findRefreshToken(deps.db, sha256(token));
  if (!row) return;
  const now = deps.clock();
  await repo.revokeFamily(deps.db, row.family_id, now);
  const user = await repo.findUserById(deps.db, row.user_id);
  await auditAccount(
    deps.db,
    { userId: row.user_id, businessId: user?.business_id ?? null },
    { action: 'auth.logout', summary: msg('audit.auth.signed_out'), ip },
  );
}

export async function verifyLoginCode(deps: AuthDeps, otpToken: string, code: string, ip: string | null) {
  const row = await checkCode(deps, await repo.findLoginCode(deps.db, sha256(otpToken)), code);
  const user = await repo.findUserById(deps.db, row.user_id);
  if (!user?.is_active) throw badRequest(INVALID_CODE, { code: [INVALID_CODE] });
  const tokens = await issueTokens(deps, user, row.persistent);
  await repo.touchLastLogin(deps.db, user, deps.clock());
  await auditAccount(
    deps.db,
    { userId: user.id, businessId: user.business_id },
    { action: 'auth.login', summary: msg('audit.auth.signed_in_with_email_code'), ip },
  );
  return tokens;
}

const invalidResetToken = () =>
  new AppError(400, 'invalid_token', msg('errors.auth.reset_link_invalid_or_has'));

/** A single-use link that lets its holder choose a password: a reset link or an invitation. */
interface PasswordLink {
  usable: (db: Database, tokenHash: string, at: Date) => Promise<boolean>;
  take: (
    db: Database,
    tokenHash: string,
    at: Date,
  ) => Promise<{ user_id: number; business_id: number } | undefined>;
  invalid: () => AppError;
  /** What else the new password ends, before the user's invitations are revoked. */
  alsoEnds?: (db: Database, userId: number, at: Date) => Promise<void>;
  /** Whether the user's failed sign-ins are forgotten. */
  clearsLoginFailures: boolean;
  audit: { action: AuditAction; summary: Message };
}

/** Sets the password of a link's user, once: the one way a reset link and an invitation both work. */
async function setPasswordByLink(
  deps: AuthDeps,
  link: PasswordLink,
  token: string,
  newPassword: string,
  ip: string | null,
) {
  const tokenHash = sha256(token);
  // The token first: an anonymous caller must not make the server spend an argon2 hash for nothing.
  if (!(await link.usable(deps.db, tokenHash, deps.clock()))) throw link.invalid();
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    // Taken again under the transaction: of two requests with one token only one wins.
    const taken = await link.take(trx, tokenHash, now);
    if (!taken) throw link.invalid();
    await repo.setPasswordHash(trx, { id: taken.user_id, business_id: taken.business_id }, passwordHash);
    await link.alsoEnds?.(trx, taken.user_id, now);
    await repo.revokeInvitations(trx, taken.user_id, now);
    const user = await repo.findUserById(trx, taken.user_id);
    if (user && link.clearsLoginFailures) await repo.clearLoginFailures(trx, user.email);
    await auditAccount(
      trx,
      { userId: taken.user_id, businessId: user?.business_id ?? null },
      { action: link.audit.action, summary: link.audit.summary, ip },
    );
  });
}

const RESET_LINK: PasswordLink = {
  usable: repo.isResetTokenUsable,
  take: repo.consumeResetToken,
  invalid: invalidResetToken,
  // A reset signs the user out everywhere and voids any other outstanding code or invitation.
  alsoEnds: async (db, userId, at) => {
    await repo.revokeAllForUser(db, userId, at);
    await repo.burnCodesOfUser(db, userId, at);
  },
  clearsLoginFailures: true,
  audit: { action: 'auth.password_reset', summary: msg('audit.auth.password_reset_all_sessions_closed') },
};

export function resetPassword(deps: AuthDeps, token: string, newPassword: string, ip: string | null) {
  return setPasswordByLink(deps, RESET_LINK, token, newPassword, ip);
}

const invalidInvitation = () =>
  new AppError(400, 'invalid_token', msg('errors.auth.invitation_link_invalid_or_has'));

const INVITATION_LINK: PasswordLink = {
  usable: repo.isInvitationUsable,
  take: repo.consumeInvitation,
  invalid: invalidInvitation,
  clearsLoginFailures: false,
  audit: { action: 'auth.accept_invite', summary: msg('audit.auth.invitation_accepted_password_set') },
};

/**
 * POST auth/accept-invite/ (DESIGN.md section 9): an invited person chooses a password through
 * the single-use link; nothing is signed in (they sign in as usual afterwards).
 */
export function acceptInvite(deps: AuthDeps, token: string, newPassword: string, ip: string | null) {
  return setPasswordByLink(deps, INVITATION_LINK, token, newPassword, ip);
}
