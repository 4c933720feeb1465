import {
  AUDIT_PAGE_SIZE,
  type AuditQuery,
  type AuditRow,
  type Language,
  msg,
  seesWholeBusiness,
} from '@app/shared';
import type { Actor, Deps } from '../../lib/context.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { parsePage } from '../../lib/pagination.ts';
import { storedText } from '../../lib/texts.ts';
import { type AuditCursor, type AuditFilter, countAudit, listAudit } from './audit.repository.ts';

// History (DESIGN.md section 10): the audit log as its readers may see it.

function filterFor(actor: Actor, query: AuditQuery): AuditFilter {
  return {
    businessId: actor.businessId,
    viewerId: seesWholeBusiness(actor.role) ? null : actor.id,
    actor: query.actor,
    action: query.action,
    entity: query.entity,
    entityId: query.entity_id,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    search: query.search,
  };
}

/** A History row, its summary in the reader's language (DESIGN.md section 15). */
function toRow(r: Awaited<ReturnType<typeof listAudit>>[number], language: Language): AuditRow {
  return {
    id: r.id,
    actor:
      r.actor_id === null
        ? null
        : {
            id: r.actor_id,
            email: r.email ?? '',
            first_name: r.first_name ?? '',
            last_name: r.last_name ?? '',
          },
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    summary: storedText(r.summary_message, r.summary, language),
    ip: r.ip,
    created_at: r.created_at.toISOString(),
  };
}

export async function listHistory(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  query: AuditQuery,
  language: Language,
) {
  const page = parsePage(query.page);
  const filter = filterFor(actor, query);
  const count = await countAudit(deps.db, filter);
  const lastPage = Math.max(1, Math.ceil(count / AUDIT_PAGE_SIZE));
  if (page > lastPage) throw notFound(msg('errors.invalid_page'));
  const rows = await listAudit(deps.db, filter, AUDIT_PAGE_SIZE, { offset: (page - 1) * AUDIT_PAGE_SIZE });
  return { count, page, lastPage, results: rows.map((r) => toRow(r, language)) };
}

const CSV_COLUMNS = ['id', 'created_at', 'actor', 'action', 'entity', 'entity_id', 'summary', 'ip'] as const;
const CSV_CHUNK = 1000;

/**
 * The filtered rows as CSV, read a chunk at a time by key (DESIGN.md section 10: the same
 * filters, every page), so a long history is never held in memory.
 */
export async function* historyCsv(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  query: AuditQuery,
  language: Language,
): AsyncGenerator<string> {
  const filter = filterFor(actor, query);
  yield `${CSV_BOM}${csvLine(CSV_COLUMNS)}`;
  let after: AuditCursor | undefined;
  for (;;) {
    const rows = await listAudit(deps.db, filter, CSV_CHUNK, after ? { after } : {});
    if (rows.length === 0) return;
    yield rows
      .map((r) => toRow(r, language))
      .map((r) =>
        csvLine([
          r.id,
          r.created_at,
          r.actor?.email ?? null,
          r.action,
          r.entity,
          r.entity_id,
          r.summary,
          r.ip,
        ]),
      )
      .join('');
    const last = rows[rows.length - 1];
    if (!last || rows.length < CSV_CHUNK) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}
