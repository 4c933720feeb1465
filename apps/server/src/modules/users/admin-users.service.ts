import {
  type AdminUser,
  type AdminUserCreateSchema,
  type AdminUserUpdateSchema,
  INVITE_TTL_HOURS,
  type Language,
  type Message,
  msg,
  type Role,
} from '@app/shared';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { auditAs } from '../../lib/audit.ts';
import { randomToken, sha256 } from '../../lib/auth/tokens.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { inviteMessage } from '../../lib/mailer.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { insertInvitation, revokeAllForUser, revokeInvitations } from '../auth/auth.service.ts';
import * as repo from './admin-users.repository.ts';

// What other modules may use of this one (DESIGN.md section 15: a module through its service).
export { activeOwnersQuery } from './admin-users.repository.ts';

// The administrators' users (DESIGN.md section 9): invitations instead of passwords, roles, login
// codes, deactivation that ends every session at once, and a business that always keeps an
// active Owner. Only an Owner makes, changes or removes an Owner: an admin cannot raise anyone
// (themselves included) above their own role.

type CreateBody = z.output<typeof AdminUserCreateSchema>;
type UpdateBody = z.output<typeof AdminUserUpdateSchema>;
type UsersDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>;

const LAST_OWNER = msg('errors.users.business_must_keep_at_least');
const EMAIL_TAKEN = msg('errors.users.user_with_email_already_exists');
const OWNERS_ONLY = msg('errors.users.only_owner_can_grant_or');

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;

function view(u: UserRow): AdminUser {
  return {
    id: u.id,
    email: u.email,
    role: u.role as Role,
    first_name: u.first_name,
    last_name: u.last_name,
    code: u.code,
    login_otp: u.login_otp,
    is_active: u.is_active,
    last_login_at: u.last_login_at?.toISOString() ?? null,
    invitation_pending: !u.password_set,
    created_at: u.created_at.toISOString(),
  };
}

export async function listUsers(deps: Pick<Deps, 'db'>, actor: Actor, search?: string): Promise<AdminUser[]> {
  return (await repo.listUsers(deps.db, actor.businessId, search || undefined)).map(view);
}

async function requireUser(db: Database, actor: Actor, id: number) {
  const user = await repo.findUser(db, actor.businessId, id);
  if (!user) throw notFound(msg('errors.users.user_not_found'));
  return user;
}

/** Writes a fresh invitation (older ones stop working) and returns the link to mail. */
async function issueInvitation(trx: Database, deps: UsersDeps, actor: Actor, userId: number, origin: string) {
  const now = deps.clock();
  const token = randomToken();
  await revokeInvitations(trx, userId, now);
  await insertInvitation(trx, {
    token_hash: sha256(token),
    business_id: actor.businessId,
    user_id: userId,
    created_by: actor.id,
    expires_at: new Date(now.getTime() + INVITE_TTL_HOURS * 3_600_000),
  });
  return `${origin}/set-password?invite=${encodeURIComponent(token)}`;
}

/**
 * Mails an invitation after its transaction committed. The mail server failing is a 502 that says
 * what was kept: the user exists, and "resend the invitation" tries again.
 */
async function mailInvitation(
  deps: UsersDeps,
  db: Database,
  actor: Actor,
  email: string,
  link: string,
  language: Language,
) {
  const business = await repo.businessName(db, actor.businessId);
  try {
    await deps.mailer.send(inviteMessage(email, link, business.name, INVITE_TTL_HOURS, language));
  } catch (err) {
    deps.log.warn({ err, email }, 'invitation e-mail not sent');
    throw new AppError(502, 'mail_failed', msg('errors.users.invitation_email_was_not_sent', { email }));
  }
}

/** POST api/admin/users/: the user, without a password, and the invitation e-mail. */
export async function createUser(
  deps: UsersDeps,
  actor: Actor,
  body: CreateBody,
  origin: string,
  language: Language,
): Promise<AdminUser> {
  if (body.role === 'Owner' && actor.role !== 'Owner') throw forbidden(OWNERS_ONLY);
  const { user, link } = await inTransaction(deps.db, async (trx) => {
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email)
      .executeTakeFirst();
    if (taken) throw conflict(EMAIL_TAKEN);
    const row = await trx
      .insertInto('users')
      .values({
        business_id: actor.businessId,
        email: body.email,
        // No password until the invitation is accepted: nothing can match this (password_set false).
        password_hash: '!',
        password_set: false,
        role: body.role,
        first_name: body.first_name,
        last_name: body.last_name,
        code: body.code,
        login_otp: body.login_otp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await issueInvitation(trx, deps, actor, row.id, origin);
    await auditAs(trx, actor, {
      action: 'user.create',
      entity: 'user',
      entityId: row.id,
      summary: msg('audit.users.user_added_invitation_sent', { email: body.email, role: body.role }),
    });
    return { user: await requireUser(trx, actor, row.id), link };
  }).catch((err) => {
    // Two administrators adding one e-mail at once: the unique index decides.
    if ((err as { constraint?: string }).constraint === 'users_email_unique') throw conflict(EMAIL_TAKEN);
    throw err;
  });
  await mailInvitation(deps, deps.db, actor, user.email, link, language);
  return view(user);
}

/** POST api/admin/users/{id}/invite/: a new link; the older ones stop working. */
export async function resendInvitation(
  deps: UsersDeps,
  actor: Actor,
  id: number,
  origin: string,
  language: Language,
): Promise<AdminUser> {
  const { user, link } = await inTransaction(deps.db, async (trx) => {
    const user = await requireUser(trx, actor, id);
    if (!user.is_active) throw conflict(msg('errors.users.user_inactive_reactivate_them_first'));
    if (user.password_set) {
      throw conflict(msg('errors.users.user_has_already_chosen_password'));
    }
    const link = await issueInvitation(trx, deps, actor, user.id, origin);
    await auditAs(trx, actor, {
      action: 'user.invite',
      entity: 'user',
      entityId: user.id,
      summary: msg('audit.users.invitation_resent', { email: user.email }),
    });
    return { user, link };
  });
  await mailInvitation(deps, deps.db, actor, user.email, link, language);
  return view(user);
}

/** The History line's changes, joined by '; ' (each one a text of its own for the translations). */
const CHANGE_TEXTS = {
  role: (from: string, to: string) => msg('audit.users.role', { from, to }),
  field: (field: string, from: string, to: string) => msg('audit.users.field_changed', { field, from, to }),
  codesOn: msg('audit.users.sign_in_codes_turned_on'),
  codesOff: msg('audit.users.sign_in_codes_turned_off'),
  activated: msg('audit.users.reactivated'),
  deactivated: msg('audit.users.deactivated_sessions_closed'),
} as const;

/**
 * PATCH api/admin/users/{id}/: role, names, code, login codes, active. Deactivation revokes every
 * refresh token and invitation in the same transaction, so the person's next refresh fails.
 */
export async function updateUser(
  deps: UsersDeps,
  actor: Actor,
  id: number,
  body: UpdateBody,
): Promise<AdminUser> {
  return inTransaction(deps.db, async (trx) => {
    const owners = await repo.lockActiveOwners(trx, actor.businessId);
    const before = await requireUser(trx, actor, id);
    const role = body.role ?? (before.role as Role);
    const active = body.is_active ?? before.is_active;
    const touchesOwner = before.role === 'Owner' || role === 'Owner';
    if (touchesOwner && (role !== before.role || active !== before.is_active) && actor.role !== 'Owner') {
      throw forbidden(OWNERS_ONLY);
    }
    const staysActiveOwner = role === 'Owner' && active;
    if (owners.includes(id) && !staysActiveOwner && owners.length === 1) throw conflict(LAST_OWNER);

    const changes: Message[] = [];
    if (role !== before.role) changes.push(CHANGE_TEXTS.role(before.role, role));
    for (const field of ['first_name', 'last_name', 'code'] as const) {
      const next = body[field];
      if (next !== undefined && next !== before[field])
        changes.push(CHANGE_TEXTS.field(field, before[field], next));
    }
    if (body.login_otp !== undefined && body.login_otp !== before.login_otp)
      changes.push(body.login_otp ? CHANGE_TEXTS.codesOn : CHANGE_TEXTS.codesOff);
    if (active !== before.is_active) changes.push(active ? CHANGE_TEXTS.activated : CHANGE_TEXTS.deactivated);
    if (changes.length === 0) return view(before);

    await trx
      .updateTable('users')
      .set(body)
      .where('business_id', '=', actor.businessId)
      .where('id', '=', id)
      .execute();
    if (!active && before.is_active) {
      const now = deps.clock();
      await revokeAllForUser(trx, id, now);
      await revokeInvitations(trx, id, now);
    }
    await auditAs(trx, actor, {
      action: 'user.update',
      entity: 'user',
      entityId: id,
      summary: msg('audit.users.user_changed', { email: before.email, changes }),
    });
    return view(await requireUser(trx, actor, id));
  });
}
