import { BUSINESS_TIME_ZONE, DOCUMENT_ENTITIES } from '@app/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { searchPattern } from '../../lib/like.ts';

/** Which rows a reader may see (DESIGN.md section 10) and the filters asked for. */
export interface AuditFilter {
  businessId: number;
  /** null: the whole business; else this department's own actions and its offers' rows. */
  viewerId: number | null;
  actor?: number | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  search?: string | undefined;
}

function filtered(db: Database, f: AuditFilter) {
  let q = db.selectFrom('audit_log as a').where('a.business_id', '=', f.businessId);
  const viewer = f.viewerId;
  if (viewer !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('a.actor_id', '=', viewer),
        eb.and([
          eb('a.entity', '=', 'offer'),
          eb(
            'a.entity_id',
            'in',
            eb
              .selectFrom('offers as o')
              .select(sql<string>`o.id::text`.as('id'))
              .where('o.business_id', '=', f.businessId)
              .where((o) => o.or([o('o.from_user_id', '=', viewer), o('o.to_user_id', '=', viewer)])),
          ),
        ]),
      ]),
    );
  }
  if (f.actor !== undefined) q = q.where('a.actor_id', '=', f.actor);
  if (f.action) q = q.where('a.action', '=', f.action);
  if (f.entity) q = q.where('a.entity', '=', f.entity);
  if (f.entityId) q = q.where('a.entity_id', '=', f.entityId);
  // Calendar days in the business's time zone, both ends inclusive (DESIGN.md part two).
  if (f.dateFrom)
    q = q.where(
      'a.created_at',
      '>=',
      sql<Date>`(${f.dateFrom}::date)::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE}`,
    );
  if (f.dateTo)
    q = q.where(
      'a.created_at',
      '<',
      sql<Date>`(${f.dateTo}::date + 1)::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE}`,
    );
  if (f.search) q = q.where(sql<boolean>`a.summary ~* ${searchPattern(f.search)}`);
  return q;
}

export async function countAudit(db: Database, f: AuditFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where a key-paged read stopped: the last row's time and id (newest first). */
export interface AuditCursor {
  createdAt: Date;
  id: number;
}

/**
 * The object a row is about, by its entity (DESIGN.md section 16: History names it): its name
 * (`label`, null where it has none, such as an offer), the page's parent (a variant's product, a
 * debt's counterparty), whether an offer had been submitted (what a cancel cancelled), and `found`
 * (null when it is gone, or was never a row: a link only to what is there). One lateral lookup
 * per row, each branch guarded by its entity, so a page costs one query and no N+1.
 */
const OBJECT_OF_ROW = sql<{
  label: string | null;
  parent: number | null;
  submitted: boolean | null;
  found: boolean;
}>`
  (SELECT x.label, x.parent, x.submitted, true AS found
   FROM (SELECT CASE WHEN a.entity_id ~ '^[0-9]{1,9}$' THEN a.entity_id::int END AS ref) r
   CROSS JOIN LATERAL (
     SELECT NULL::text AS label, NULL::int AS parent, o.submitted_at IS NOT NULL AS submitted
       FROM offers o WHERE a.entity = 'offer' AND o.id = r.ref AND o.business_id = a.business_id
     UNION ALL
     SELECT p.name || ' ' || p.model, NULL, NULL
       FROM products p WHERE a.entity = 'product' AND p.id = r.ref AND p.business_id = a.business_id
     UNION ALL
     SELECT v.label, v.product_id, NULL
       FROM variants v WHERE a.entity = 'variant' AND v.id = r.ref AND v.business_id = a.business_id
     UNION ALL
     SELECT v.label, v.product_id, NULL FROM stock_entries e JOIN variants v ON v.id = e.variant_id
       WHERE a.entity = 'stock_entry' AND e.id = r.ref AND e.business_id = a.business_id
     UNION ALL
     SELECT v.label, v.product_id, NULL FROM stock_exits e JOIN variants v ON v.id = e.variant_id
       WHERE a.entity = 'stock_exit' AND e.id = r.ref AND e.business_id = a.business_id
     UNION ALL
     SELECT u.name, NULL, NULL
       FROM units u WHERE a.entity = 'unit' AND u.id = r.ref AND u.business_id = a.business_id
     UNION ALL
     SELECT variant_size_label(z.size, z.label), NULL, NULL
       FROM sizes z WHERE a.entity = 'size' AND z.id = r.ref AND z.business_id = a.business_id
     UNION ALL
     SELECT c.name, NULL, NULL
       FROM colors c WHERE a.entity = 'color' AND c.id = r.ref AND c.business_id = a.business_id
     UNION ALL
     SELECT l.name, NULL, NULL
       FROM locations l WHERE a.entity = 'location' AND l.id = r.ref AND l.business_id = a.business_id
     UNION ALL
     SELECT pt.name, NULL, NULL
       FROM price_types pt WHERE a.entity = 'price_type' AND pt.id = r.ref AND pt.business_id = a.business_id
     UNION ALL
     SELECT p.name || ' ' || p.model, NULL, NULL FROM recipes rc JOIN products p ON p.id = rc.product_id
       WHERE a.entity = 'recipe' AND rc.id = r.ref AND rc.business_id = a.business_id
     UNION ALL
     SELECT '№' || cs.number, NULL, NULL FROM cash_shifts cs
       WHERE a.entity = 'shift' AND cs.id = r.ref AND cs.business_id = a.business_id
     UNION ALL
     SELECT d.number, NULL, NULL FROM documents d
       WHERE a.entity IN (${sql.join(DOCUMENT_ENTITIES)}) AND d.id = r.ref AND d.business_id = a.business_id
     UNION ALL
     SELECT cp.name, NULL, NULL FROM counterparties cp
       WHERE a.entity = 'counterparty' AND cp.id = r.ref AND cp.business_id = a.business_id
     UNION ALL
     SELECT cp.name, d.counterparty_id, NULL FROM debts d JOIN counterparties cp ON cp.id = d.counterparty_id
       WHERE a.entity = 'debt' AND d.id = r.ref AND d.business_id = a.business_id
     UNION ALL
     SELECT coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.email), NULL, NULL
       FROM users u WHERE a.entity = 'user' AND u.id = r.ref AND u.business_id = a.business_id
     UNION ALL
     SELECT b.name, NULL, NULL
       FROM businesses b WHERE a.entity = 'business' AND b.id = r.ref AND b.id = a.business_id
     UNION ALL
     SELECT c.code, NULL, NULL FROM currencies c WHERE a.entity = 'currency' AND c.id = r.ref
     UNION ALL
     SELECT NULL, NULL, NULL FROM money_transactions m
       WHERE a.entity = 'money_transaction' AND m.id = r.ref AND m.business_id = a.business_id
     UNION ALL
     -- An exchange's rows are ledger rows, never deleted (DESIGN.md section 3).
     SELECT NULL, NULL, NULL WHERE a.entity = 'exchange'
   ) x
   LIMIT 1)`;

/** Newest first; `after` pages by key (the CSV export), `offset` by page (the list). */
export function listAudit(
  db: Database,
  f: AuditFilter,
  limit: number,
  at: { offset?: number; after?: AuditCursor },
) {
  let q = filtered(db, f)
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .leftJoinLateral(OBJECT_OF_ROW.as('obj'), (join) => join.onTrue())
    .select([
      'obj.label as object_label',
      'obj.parent as object_parent',
      'obj.submitted as offer_submitted',
      'obj.found as object_found',
      'a.id',
      'a.actor_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.summary',
      'a.summary_message',
      'a.ip',
      'a.created_at',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit);
  const after = at.after;
  if (after) q = q.where(sql<boolean>`(a.created_at, a.id) < (${after.createdAt}, ${after.id})`);
  if (at.offset) q = q.offset(at.offset);
  return q.execute();
}
