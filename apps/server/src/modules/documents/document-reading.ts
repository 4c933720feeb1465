import {
  DOCUMENTS_PAGE_SIZE,
  type Document,
  type DocumentKind,
  type DocumentLine,
  type DocumentListQuery,
  type DocumentSummary,
  fixedMoney,
  fixedQuantity,
  seesWholeBusiness,
} from '@app/shared';
import type { Database } from '../../db/connection.ts';
import type { Actor } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { countedPage, parsePage } from '../../lib/pagination.ts';
import type { KindConfig } from './document-kind.ts';
import { returnedByLine, returnsOfSource } from './document-returns.ts';
import * as repo from './documents.repository.ts';

// Reading documents (DESIGN.md section 19): a department reads its own, the roles that see the
// whole business read all; another business's document does not exist.

export function viewerOf(actor: Actor): repo.DocumentViewer {
  return { businessId: actor.businessId, departmentId: seesWholeBusiness(actor.role) ? null : actor.id };
}

function toSummary(r: repo.SummaryRow): DocumentSummary {
  return {
    id: r.id,
    kind: r.kind,
    number: r.number,
    status: r.status,
    department: { id: r.department_id, email: r.department_email },
    counterparty:
      r.counterparty_id === null ? null : { id: r.counterparty_id, name: r.counterparty_name ?? '' },
    currency: r.currency_id,
    currency_code: r.currency_code,
    date: r.date,
    note: r.note,
    total: fixedMoney(r.total),
    line_count: r.line_count,
    created_by: { id: r.created_by, email: r.created_by_email },
    created_at: r.created_at.toISOString(),
    posted_at: r.posted_at?.toISOString() ?? null,
    reversed_at: r.reversed_at?.toISOString() ?? null,
  };
}

export async function listDocuments<L>(
  db: Database,
  actor: Actor,
  config: KindConfig<L>,
  query: DocumentListQuery,
) {
  const page = parsePage(query.page);
  const { page: _, ...filter } = query;
  const rows = await repo.listSummaries(db, viewerOf(actor), config.kind, filter, {
    offset: (page - 1) * DOCUMENTS_PAGE_SIZE,
    size: DOCUMENTS_PAGE_SIZE,
  });
  const paged = countedPage(rows, page, DOCUMENTS_PAGE_SIZE);
  return { ...paged, results: paged.rows.map(toSummary) };
}

type Returned = Awaited<ReturnType<typeof returnedByLine>>;

/** A line as a card shows it, with what its kind adds: a production order's output and recipe quantity, a source's returns, a count's quantities. */
function toLine(kind: DocumentKind, l: repo.LineRow, returned: Returned | undefined): DocumentLine {
  return {
    id: l.id,
    line_no: l.line_no,
    variant: { id: l.variant_id, product: l.product_id, sku: l.sku, label: l.label, unit: l.unit },
    qty: fixedQuantity(l.qty),
    price: fixedMoney(l.price),
    discount: fixedMoney(l.discount),
    amount: fixedMoney(l.amount),
    price_type: l.price_type_id === null ? null : { id: l.price_type_id, name: l.price_type_name ?? '' },
    price_source: l.price_source,
    source_line: l.source_line_id,
    ...(kind === 'PRODUCTION'
      ? { output: l.output, planned_qty: l.planned_qty === null ? null : fixedQuantity(l.planned_qty) }
      : {}),
    ...(returned
      ? {
          returned: returned.get(l.id)?.qty ?? fixedQuantity(0),
          returned_amount: returned.get(l.id)?.amount ?? fixedMoney(0),
        }
      : {}),
    ...(l.expected_qty === null
      ? {}
      : {
          expected: fixedQuantity(l.expected_qty),
          counted: l.counted_qty === null ? null : fixedQuantity(l.counted_qty),
        }),
  };
}

/** What a card's header says beyond the summary: payment, source and refund, a production order's recipe, a count's scope. */
function headerOf(db: Database, businessId: number, id: number) {
  return db
    .selectFrom('documents')
    .leftJoin('documents as s', (join) =>
      join.onRef('s.business_id', '=', 'documents.business_id').onRef('s.id', '=', 'documents.source_id'),
    )
    .leftJoin('recipe_versions as rv', (join) =>
      join
        .onRef('rv.business_id', '=', 'documents.business_id')
        .onRef('rv.id', '=', 'documents.recipe_version_id'),
    )
    .select(['documents.on_credit', 'documents.change_uzs', 'documents.refund', 'documents.overhead'])
    .select(['rv.recipe_id', 'rv.version as recipe_version'])
    .select(['documents.count_scope', 'documents.count_product_type'])
    .select(['s.id as source_id', 's.kind as source_kind', 's.number as source_number'])
    .select((eb) => eb.cast<string | null>('documents.due_date', 'text').as('due_date'))
    .where('documents.business_id', '=', businessId)
    .where('documents.id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function loadDocument<L>(db: Database, actor: Actor, config: KindConfig<L>, id: number) {
  const summary = await repo.findSummary(db, viewerOf(actor), config.kind, id);
  if (!summary) throw notFound();
  // A sale's or purchase's card lists its returns (DESIGN.md section 20).
  const source = config.kind === 'SALE' || config.kind === 'PURCHASE';
  const [lines, cash, debt, returns, returned, header] = await Promise.all([
    repo.linesOf(db, actor.businessId, id),
    repo.cashOf(db, actor.businessId, id),
    repo.debtOf(db, actor.businessId, id),
    source ? returnsOfSource(db, actor.businessId, id) : undefined,
    source ? returnedByLine(db, actor.businessId, id) : undefined,
    headerOf(db, actor.businessId, id),
  ]);
  const document: Document = {
    ...toSummary(summary),
    lines: lines.map((l) => toLine(config.kind, l, returned)),
    payment: {
      cash: cash.map((c) => ({
        currency: c.currency_id,
        currency_code: c.currency_code,
        amount: fixedMoney(c.amount),
      })),
      on_credit: fixedMoney(header.on_credit),
      due_date: header.due_date,
      change_uzs: fixedMoney(header.change_uzs),
    },
    debt,
    source:
      header.source_id === null || header.source_kind === null || header.source_number === null
        ? null
        : { id: header.source_id, kind: header.source_kind, number: header.source_number },
    refund: header.refund,
    ...(config.kind === 'PRODUCTION'
      ? {
          recipe:
            header.recipe_id === null || header.recipe_version === null
              ? null
              : { id: header.recipe_id, version: header.recipe_version },
          overhead: fixedMoney(header.overhead),
        }
      : {}),
    ...(returns ? { returns } : {}),
    count_scope:
      header.count_scope === null
        ? null
        : { scope: header.count_scope, product_type: header.count_product_type },
  };
  return document;
}
