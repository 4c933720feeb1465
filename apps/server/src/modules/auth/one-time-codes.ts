import { type Language, msg } from '@app/shared';
import { auditAccount } from '../../lib/audit.ts';
import { randomCode, randomToken, sha256 } from '../../lib/auth/tokens.ts';
import type { Deps } from '../../lib/context.ts';
import { badRequest, throttled } from '../../lib/errors.ts';
import { codeMessage } from '../../lib/mailer.ts';
import { recipientLanguage } from '../../lib/texts.ts';
import * as repo from './auth.repository.ts';

// One-time codes (DESIGN.md section 5): sent by e-mail to reset a password or to finish a
// sign-in, rate-limited, checked with a count of wrong tries. Sessions: auth.service.ts.

// The numbers of DESIGN.md section 5.
const CODE_TTL_MS = 10 * 60_000;
const RESET_TOKEN_TTL_MS = 15 * 60_000;
const CODE_MAX_ATTEMPTS = 5;
const CODE_MIN_INTERVAL_MS = 60_000;
const CODES_PER_HOUR = 5;
const CODES_PER_DAY = 20;

export const INVALID_CODE = msg('validation.forms.invalid_or_expired_code');

type CodeDeps = Pick<Deps, 'db' | 'tokens' | 'clock' | 'mailer' | 'log'>;

/** Seconds until a window that began at `from` ends (a Retry-After, at least 1). */
export const secondsUntil = (from: Date, windowMs: number, now: Date) =>
  Math.max(1, Math.ceil((from.getTime() + windowMs - now.getTime()) / 1000));

/**
 * Creates a code (after the rate limits) and mails it after the caller has answered. A row is
 * written for unknown e-mails too, so limits and timing reveal nothing. Returns the otp_token
 * for login codes.
 */
export async function sendCode(
  deps: CodeDeps,
  email: string,
  userId: number | null,
  purpose: 'RESET' | 'LOGIN',
  language: Language,
  persistent = true,
): Promise<string> {
  const now = deps.clock();
  const stats = await repo.codeRequestStats(deps.db, email, purpose, now);
  if (stats.latest && now.getTime() - stats.latest.getTime() < CODE_MIN_INTERVAL_MS) {
    throw throttled(
      secondsUntil(stats.latest, CODE_MIN_INTERVAL_MS, now),
      msg('errors.auth.code_was_sent_less_than'),
    );
  }
  if (stats.lastHour >= CODES_PER_HOUR && stats.oldestInHour) {
    throw throttled(
      secondsUntil(stats.oldestInHour, 3600_000, now),
      msg('errors.auth.too_many_codes_requested_hour'),
    );
  }
  if (stats.lastDay >= CODES_PER_DAY && stats.oldestInDay) {
    throw throttled(
      secondsUntil(stats.oldestInDay, 86_400_000, now),
      msg('errors.auth.too_many_codes_requested_today'),
    );
  }
  const code = randomCode();
  const otpToken = purpose === 'LOGIN' ? randomToken() : null;
  await repo.insertCode(deps.db, {
    purpose,
    email,
    user_id: userId,
    code_hash: deps.tokens.hmac(code),
    otp_token_hash: otpToken ? sha256(otpToken) : null,
    persistent,
    expires_at: new Date(now.getTime() + CODE_TTL_MS),
    created_at: now,
  });
  if (userId !== null) {
    // After the answer: the reply does not wait for the mail server, for known or unknown e-mails.
    setImmediate(() => {
      // The code goes in the message text, not a field: `code` fields are redacted everywhere.
      if (deps.mailer.drop) deps.log.info({ email, purpose }, `one-time code ${code} issued (mail drop)`);
      deps.mailer
        .send(codeMessage(email, code, purpose, language))
        .catch((err) => deps.log.error({ err, email }, 'sending a code failed'));
    });
  }
  return otpToken ?? '';
}

export async function forgotPassword(
  deps: CodeDeps,
  email: string,
  ip: string | null,
  language: Language,
): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  const known = user?.is_active ? user : undefined;
  await sendCode(deps, email, known?.id ?? null, 'RESET', recipientLanguage(known?.language, language));
  await auditAccount(
    deps.db,
    { userId: known?.id ?? null, businessId: known?.business_id ?? null },
    {
      action: 'auth.reset_code_requested',
      summary: known
        ? msg('audit.auth.password_reset_code_sent')
        : msg('audit.auth.password_reset_requested_email_not', { email }),
      ip,
    },
  );
}

type CodeRow = NonNullable<Awaited<ReturnType<typeof repo.findLoginCode>>>;

/** Checks a code against its row; counts a wrong try and burns the code at the fifth. */
export async function checkCode(
  deps: CodeDeps,
  row: CodeRow | undefined,
  code: string,
): Promise<CodeRow & { user_id: number }> {
  const now = deps.clock();
  if (!row || row.used_at || row.expires_at <= now || row.user_id === null) {
    if (row && !row.used_at && row.user_id === null)
      await repo.countWrongTry(deps.db, row.id, CODE_MAX_ATTEMPTS, now);
    throw badRequest(INVALID_CODE, { code: [INVALID_CODE] });
  }
  if (deps.tokens.hmac(code) !== row.code_hash) {
    await repo.countWrongTry(deps.db, row.id, CODE_MAX_ATTEMPTS, now);
    throw badRequest(INVALID_CODE, { code: [INVALID_CODE] });
  }
  if (!(await repo.consumeCode(deps.db, row.id, now)))
    throw badRequest(INVALID_CODE, { code: [INVALID_CODE] });
  return row as CodeRow & { user_id: number };
}

export async function verifyResetCode(deps: CodeDeps, email: string, code: string, ip: string | null) {
  const row = await checkCode(deps, await repo.findLatestResetCode(deps.db, email), code);
  const resetToken = randomToken();
  const user = await repo.findUserById(deps.db, row.user_id);
  if (!user) throw badRequest(INVALID_CODE, { code: [INVALID_CODE] });
  await repo.insertResetToken(deps.db, {
    token_hash: sha256(resetToken),
    business_id: user.business_id,
    user_id: row.user_id,
    expires_at: new Date(deps.clock().getTime() + RESET_TOKEN_TTL_MS),
  });
  await auditAccount(
    deps.db,
    { userId: row.user_id, businessId: user?.business_id ?? null },
    { action: 'auth.reset_code_verified', summary: msg('audit.auth.password_reset_code_confirmed'), ip },
  );
  return { reset_token: resetToken };
}
