import { BUSINESS_TIME_ZONE } from '@app/shared';
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

/** Newest first; `after` pages by key (the CSV export), `offset` by page (the list). */
export function listAudit(
  db: Database,
  f: AuditFilter,
  limit: number,
  at: { offset?: number; after?: AuditCursor },
) {
  let q = filtered(db, f)
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
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
