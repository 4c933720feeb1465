import {
  AUDIT_PAGE_SIZE,
  type AuditQuery,
  type AuditRow,
  isAuditAction,
  isAuditEntity,
  type Language,
  msg,
  OFFER_ACTIONS,
  OFFER_TRANSITIONS,
  type OfferAction,
  type OfferStatus,
  seesWholeBusiness,
} from '@app/shared';
import type { Actor, Deps } from '../../lib/context.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { parsePage } from '../../lib/pagination.ts';
import { storedText, tr } from '../../lib/texts.ts';
import { OFFER_STATUS_TEXTS } from '../offers/offers.service.ts';
import { type AuditCursor, type AuditFilter, countAudit, listAudit } from './audit.repository.ts';
import { ACTION_TEXTS, OBJECT_TEXTS } from './audit-words.ts';

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

type ListedRow = Awaited<ReturnType<typeof listAudit>>[number];

/**
 * An offer action's change of state (DESIGN.md section 16), read from the offers' state table:
 * a cancel's starting state is the one the offer had, DRAFT unless it had been submitted.
 */
function statusChange(
  action: string,
  submitted: boolean | null,
): { from: OfferStatus; to: OfferStatus } | null {
  const name = action.startsWith('offer.') ? action.slice('offer.'.length) : '';
  if (!(OFFER_ACTIONS as readonly string[]).includes(name)) return null;
  const rule = OFFER_TRANSITIONS[name as OfferAction];
  if (rule.to === null) return null;
  const [only, ...others] = rule.from;
  if (only === undefined) return null;
  if (others.length === 0) return { from: only, to: rule.to };
  if (submitted === null) return null;
  return { from: submitted ? 'PENDING' : 'DRAFT', to: rule.to };
}

/** A History row, its summary in the reader's language (DESIGN.md section 15). */
function toRow(r: ListedRow, language: Language): AuditRow {
  const change = statusChange(r.action, r.offer_submitted);
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
    object_label: r.object_label,
    object_exists: r.object_found === true,
    object_parent_id: r.object_parent,
    status_from: change?.from ?? null,
    status_to: change?.to ?? null,
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

// The codes first, as before, then the same row in words in the reader's language (DESIGN.md
// section 16: the CSV has both).
const CSV_COLUMNS = [
  'id',
  'created_at',
  'actor',
  'action',
  'entity',
  'entity_id',
  'summary',
  'ip',
  'action_text',
  'object_text',
  'status_text',
] as const;
const CSV_CHUNK = 1000;

/** A row's action, object and change of state in words, in `language`. */
function rowWords(r: AuditRow, language: Language): [string, string, string] {
  const say = (key: string, values?: Record<string, string>) => tr(language, msg(key, values));
  const action = isAuditAction(r.action) ? say(ACTION_TEXTS[r.action]) : r.action;
  const numbered =
    r.entity_id === null
      ? ''
      : isAuditEntity(r.entity)
        ? say(OBJECT_TEXTS[r.entity], { id: r.entity_id })
        : `${r.entity} #${r.entity_id}`;
  const change =
    r.status_from && r.status_to
      ? `${tr(language, OFFER_STATUS_TEXTS[r.status_from])} → ${tr(language, OFFER_STATUS_TEXTS[r.status_to])}`
      : '';
  return [action, r.object_label ?? numbered, change];
}

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
          ...rowWords(r, language),
        ]),
      )
      .join('');
    const last = rows[rows.length - 1];
    if (!last || rows.length < CSV_CHUNK) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}
