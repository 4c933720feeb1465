import type { Database } from '../../db/connection.ts';
import type { Actor } from '../../lib/context.ts';
import { writeAudit } from '../audit/audit.repository.ts';

type CatalogEntity = 'product' | 'variant' | 'unit' | 'size' | 'color' | 'location';
type CatalogAction = 'create' | 'update' | 'delete';

const ENTITY_LABEL: Record<CatalogEntity, string> = {
  product: 'Mahsulot',
  variant: 'Variant',
  unit: "O'lchov birligi",
  size: 'Razmer',
  color: 'Rang',
  location: 'Manzil',
};
const ACTION_LABEL: Record<CatalogAction, string> = {
  create: "qo'shildi",
  update: "o'zgartirildi",
  delete: "o'chirildi",
};

/**
 * DESIGN.md section 3 "Audit": every catalogue write leaves a row, in the write's transaction,
 * whose summary reads as what happened ("Rang qo'shildi: Qizil #FF0000").
 */
export function auditCatalog(
  db: Database,
  actor: Actor,
  action: CatalogAction,
  entity: CatalogEntity,
  entityId: number,
  summary: string,
): Promise<void> {
  return writeAudit(db, {
    businessId: actor.businessId,
    actorId: actor.id,
    action: `catalog.${entity}.${action}`,
    entity,
    entityId,
    summary: `${ENTITY_LABEL[entity]} ${ACTION_LABEL[action]}: ${summary}`,
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
