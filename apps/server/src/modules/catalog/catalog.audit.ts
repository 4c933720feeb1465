import type { Database } from '../../db/connection.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/context.ts';

type CatalogEntity = 'product' | 'variant' | 'unit' | 'size' | 'color' | 'location';
type CatalogAction = 'create' | 'update' | 'delete';

/** Each write's History line, whole, for the translations (@app/shared texts): {subject} names the row. */
const AUDIT_TEXTS: Record<CatalogEntity, Record<CatalogAction, (subject: string) => string>> = {
  product: {
    create: (subject) => `Mahsulot qo'shildi: ${subject}`,
    update: (subject) => `Mahsulot o'zgartirildi: ${subject}`,
    delete: (subject) => `Mahsulot o'chirildi: ${subject}`,
  },
  variant: {
    create: (subject) => `Variant qo'shildi: ${subject}`,
    update: (subject) => `Variant o'zgartirildi: ${subject}`,
    delete: (subject) => `Variant o'chirildi: ${subject}`,
  },
  unit: {
    create: (subject) => `O'lchov birligi qo'shildi: ${subject}`,
    update: (subject) => `O'lchov birligi o'zgartirildi: ${subject}`,
    delete: (subject) => `O'lchov birligi o'chirildi: ${subject}`,
  },
  size: {
    create: (subject) => `Razmer qo'shildi: ${subject}`,
    update: (subject) => `Razmer o'zgartirildi: ${subject}`,
    delete: (subject) => `Razmer o'chirildi: ${subject}`,
  },
  color: {
    create: (subject) => `Rang qo'shildi: ${subject}`,
    update: (subject) => `Rang o'zgartirildi: ${subject}`,
    delete: (subject) => `Rang o'chirildi: ${subject}`,
  },
  location: {
    create: (subject) => `Manzil qo'shildi: ${subject}`,
    update: (subject) => `Manzil o'zgartirildi: ${subject}`,
    delete: (subject) => `Manzil o'chirildi: ${subject}`,
  },
};

/** The subjects the services write beside a row's own name. */
export const SUBJECT_TEXTS = {
  variantOf: (sku: string, product: number) => `${sku} of product ${product}`,
  changed: (fields: string[]) => (fields.length > 0 ? `changed ${fields.join(', ')}` : 'changed nothing'),
} as const;

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
    summary: AUDIT_TEXTS[entity][action](summary),
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
