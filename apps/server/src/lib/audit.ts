import type { AuditAction, AuditEntity, Message } from '@app/shared';
import type { Database } from '../db/connection.ts';
import type { Actor } from './context.ts';
import { jsonOf, toStored } from './texts.ts';

// The audit writer is shared by every module that changes state, so it lives below them (DESIGN.md
// section 15), like lib/events.ts's publish; modules/audit reads the rows back as History.

export interface AuditEntry {
  businessId: number | null;
  actorId: number | null;
  /** One of @app/shared's AUDIT_ACTIONS, each of which History shows as a phrase (DESIGN.md section 16). */
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  /** What happened (DESIGN.md section 15), or values only ("KIRIM: A-1, 2 x 3"), stored as written. */
  summary?: Message | string;
  ip?: string | null;
}

/** DESIGN.md section 3 "Audit": every state change writes one row, in the change's transaction. */
export async function writeAudit(db: Database, entry: AuditEntry): Promise<void> {
  const summary = toStored(entry.summary);
  await db
    .insertInto('audit_log')
    .values({
      business_id: entry.businessId,
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      summary: summary.text.slice(0, 1000),
      summary_message: jsonOf(summary.message),
      ip: entry.ip ?? null,
    })
    .execute();
}

/** One audit row for what a signed-in actor did (DESIGN.md section 3 "Audit"): their business, id and address. */
export function auditAs(
  db: Database,
  actor: Actor,
  entry: Omit<AuditEntry, 'businessId' | 'actorId' | 'ip'>,
): Promise<void> {
  return writeAudit(db, { businessId: actor.businessId, actorId: actor.id, ...entry, ip: actor.ip });
}

/**
 * One audit row in which an account is both the actor and the object, signed in or not (a
 * sign-in, a code, a reset, a sign-out, its Telegram chat); null when no account matched.
 */
export function auditAccount(
  db: Database,
  account: { userId: number | null; businessId: number | null },
  entry: Pick<AuditEntry, 'action' | 'summary' | 'ip'>,
): Promise<void> {
  return writeAudit(db, {
    businessId: account.businessId,
    actorId: account.userId,
    entity: 'user',
    entityId: account.userId,
    ...entry,
  });
}
