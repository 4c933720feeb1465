import type { Database } from '../../db/connection.ts';
import type { Actor } from '../../lib/context.ts';
import { writeAudit } from '../audit/audit.repository.ts';

/** DESIGN.md section 3 "Audit": every catalogue write leaves a row, in the write's transaction. */
export function auditCatalog(
  db: Database,
  actor: Actor,
  action: 'create' | 'update' | 'delete',
  entity: 'product' | 'variant' | 'unit' | 'size' | 'color' | 'location',
  entityId: number,
  summary: string,
): Promise<void> {
  return writeAudit(db, {
    businessId: actor.businessId,
    actorId: actor.id,
    action: `catalog.${entity}.${action}`,
    entity,
    entityId,
    summary,
    ip: actor.ip,
  });
}

/** DRF's wording for a reference to a row that is not there (or not in the business). */
export function missingRef(id: number): string {
  return `Invalid pk "${id}" - object does not exist.`;
}

interface PgLike {
  constraint?: unknown;
  table?: unknown;
}

/** The referencing table named by a foreign-key violation (its `table`, else its constraint name). */
export function pgTableOf(err: unknown): string {
  const e = err as PgLike | null;
  if (typeof e?.table === 'string') return e.table;
  return typeof e?.constraint === 'string' ? e.constraint : '';
}
