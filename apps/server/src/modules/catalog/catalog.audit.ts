import { type Message, type MessageValue, msg } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { auditAs } from '../../lib/audit.ts';
import type { Actor } from '../../lib/context.ts';

type CatalogEntity = 'product' | 'variant' | 'unit' | 'size' | 'color' | 'location' | 'price_type';
type CatalogAction = 'create' | 'update' | 'delete';

/** Each write's History line (DESIGN.md section 15): {subject} names the row. */
const AUDIT_TEXTS: Record<CatalogEntity, Record<CatalogAction, (subject: MessageValue) => Message>> = {
  product: {
    create: (subject) => msg('audit.catalog.product_added', { subject }),
    update: (subject) => msg('audit.catalog.product_updated', { subject }),
    delete: (subject) => msg('audit.catalog.product_deleted', { subject }),
  },
  variant: {
    create: (subject) => msg('audit.catalog.variant_added', { subject }),
    update: (subject) => msg('audit.catalog.variant_updated', { subject }),
    delete: (subject) => msg('audit.catalog.variant_deleted', { subject }),
  },
  unit: {
    create: (subject) => msg('audit.catalog.unit_measure_added', { subject }),
    update: (subject) => msg('audit.catalog.unit_measure_updated', { subject }),
    delete: (subject) => msg('audit.catalog.unit_measure_deleted', { subject }),
  },
  size: {
    create: (subject) => msg('audit.catalog.size_added', { subject }),
    update: (subject) => msg('audit.catalog.size_updated', { subject }),
    delete: (subject) => msg('audit.catalog.size_deleted', { subject }),
  },
  color: {
    create: (subject) => msg('audit.catalog.colour_added', { subject }),
    update: (subject) => msg('audit.catalog.colour_updated', { subject }),
    delete: (subject) => msg('audit.catalog.colour_deleted', { subject }),
  },
  price_type: {
    create: (subject) => msg('audit.catalog.price_type_added', { subject }),
    update: (subject) => msg('audit.catalog.price_type_updated', { subject }),
    delete: (subject) => msg('audit.catalog.price_type_deleted', { subject }),
  },
  location: {
    create: (subject) => msg('audit.catalog.location_added', { subject }),
    update: (subject) => msg('audit.catalog.location_updated', { subject }),
    delete: (subject) => msg('audit.catalog.location_deleted', { subject }),
  },
};

/** The subjects the services write beside a row's own name. */
export const SUBJECT_TEXTS = {
  variantOf: (sku: string, product: number) => msg('audit.catalog.product', { sku, product }),
  changed: (fields: string[]) =>
    fields.length > 0
      ? msg('audit.catalog.changed', { fields: fields.join(', ') })
      : msg('audit.catalog.changed_nothing'),
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
  subject: MessageValue,
): Promise<void> {
  return auditAs(db, actor, {
    action: `catalog.${entity}.${action}`,
    entity,
    entityId,
    summary: AUDIT_TEXTS[entity][action](subject),
  });
}

/** DRF's wording for a reference to a row that is not there (or not in the business). */
export function missingRef(id: number): Message {
  return msg('errors.invalid_pk', { id });
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

/** The constraint a PostgreSQL error names, or ''. */
export function pgConstraintOf(err: unknown): string {
  const e = err as PgLike | null;
  return typeof e?.constraint === 'string' ? e.constraint : '';
}
