import { msg, type TransitLossesQuery, type TransitLossesReport, type UnitMeasure } from '@app/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { cursorBatches } from '../../lib/cursor.ts';
import type { FileColumn } from '../../lib/report-files.ts';
import type { Answer } from '../../lib/send-report.ts';
import { type ReportScope, totalsUnit } from './reports.repository.ts';
import { fileAnswer, pageOfRows, resolveScope, subtitle } from './reports.service.ts';

// The transit-losses report (DESIGN.md section 20): every TRANSIT_LOSS exit of a product offer
// approved short, one row per exit and currency of the lots it consumed (a loss is valued at the
// FIFO cost of those lots, in their currency and in UZS at the rate each lot recorded). The Owner
// and the viewers of the whole business read every department's or one department's; any other
// department reads its own, the losses of transfers it sent or received (DESIGN.md section 11).

interface TransitLossDbRow {
  date: string;
  offer_id: number;
  sender_id: number;
  sender_email: string;
  receiver_id: number;
  receiver_email: string;
  variant_id: number;
  sku: string;
  label: string;
  unit: UnitMeasure;
  qty: string;
  currency_code: string;
  value: string;
  value_uzs: string;
  reason: string;
  total_count: number;
}

/** The losses in scope, by the exit and the currency of the lots each consumed. */
function lossParts(scope: ReportScope): RawBuilder<unknown> {
  const department =
    scope.departmentId === null
      ? sql``
      : sql`AND (x.department_id = ${scope.departmentId} OR o.to_user_id = ${scope.departmentId})`;
  return sql`
    SELECT x.id AS exit_id, x.created_at, x.department_id, o.id AS offer_id, o.to_user_id,
           x.variant_id, x.note, l.currency_id, sum(-m.qty) AS qty,
           sum(-m.qty * l.unit_cost) AS value, sum(-m.qty * l.unit_cost * l.rate_to_uzs) AS value_uzs
    FROM stock_exits x
    JOIN offers o ON o.id = x.offer_id
    JOIN stock_moves m ON m.exit_id = x.id
    JOIN stock_lots l ON l.id = m.lot_id
    WHERE x.business_id = ${scope.businessId} AND x.type = 'TRANSIT_LOSS'
      AND business_day(x.created_at) BETWEEN ${scope.from}::date AND ${scope.to}::date
      ${department}
    GROUP BY x.id, o.id, l.currency_id`;
}

function lossRows(scope: ReportScope): RawBuilder<TransitLossDbRow> {
  return sql<TransitLossDbRow>`
    SELECT business_day(t.created_at)::text AS date, t.offer_id,
           s.id AS sender_id, s.email AS sender_email, r.id AS receiver_id, r.email AS receiver_email,
           v.id AS variant_id, v.sku,
           variant_label(p.name, p.model, c.name, variant_size_label(sz.size, sz.label)) AS label,
           un.measure AS unit, t.qty::numeric(18,3)::text AS qty, cur.code AS currency_code,
           round(t.value, 2)::text AS value, round(t.value_uzs, 2)::text AS value_uzs, t.note AS reason,
           count(*) OVER ()::int AS total_count
    FROM (${lossParts(scope)}) t
    JOIN users s ON s.id = t.department_id
    JOIN users r ON r.id = t.to_user_id
    JOIN variants v ON v.id = t.variant_id
    JOIN products p ON p.id = v.product_id
    JOIN units un ON un.id = p.unit_id
    LEFT JOIN colors c ON c.id = v.color_id
    LEFT JOIN sizes sz ON sz.id = v.size_id
    JOIN currencies cur ON cur.id = t.currency_id
    ORDER BY t.created_at, t.exit_id, cur.code`;
}

/** The totals of the losses in scope, each summed exactly and rounded once. */
async function lossTotals(db: Database, scope: ReportScope) {
  const { rows } = await sql<{ currency_code: string; value: string }>`
    SELECT cur.code AS currency_code, round(sum(t.value), 2)::text AS value
    FROM (${lossParts(scope)}) t JOIN currencies cur ON cur.id = t.currency_id
    GROUP BY cur.code ORDER BY cur.code`.execute(db);
  const { rows: all } = await sql<{ qty: string; value_uzs: string }>`
    SELECT coalesce(sum(t.qty), 0)::numeric(18,3)::text AS qty,
           round(coalesce(sum(t.value_uzs), 0), 2)::text AS value_uzs
    FROM (${lossParts(scope)}) t`.execute(db);
  return {
    qty: all[0]?.qty ?? '0.000',
    value_uzs: all[0]?.value_uzs ?? '0.00',
    values: rows.map((r) => ({ currency_code: r.currency_code, value: r.value })),
  };
}

const COLUMNS: FileColumn<TransitLossDbRow>[] = [
  { header: msg('export.reports.date'), kind: 'text', value: (r) => r.date },
  { header: msg('export.reports.offer'), kind: 'text', value: (r) => `#${r.offer_id}` },
  { header: msg('export.reports.sender'), kind: 'text', value: (r) => r.sender_email, width: 2 },
  { header: msg('export.reports.receiver'), kind: 'text', value: (r) => r.receiver_email, width: 2 },
  { header: msg('export.reports.variant'), kind: 'text', value: (r) => `${r.sku} — ${r.label}`, width: 3 },
  { header: msg('export.reports.qty'), kind: 'quantity', value: (r) => r.qty },
  { header: msg('export.reports.currency'), kind: 'text', value: (r) => r.currency_code },
  { header: msg('export.reports.value'), kind: 'money', value: (r) => r.value },
  { header: msg('export.reports.value_uzs'), kind: 'money', value: (r) => r.value_uzs },
  { header: msg('export.reports.reason'), kind: 'text', value: (r) => r.reason, width: 3 },
];

type Query = TransitLossesQuery;

export async function transitLossesReport(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  query: Query,
): Promise<Answer<Omit<TransitLossesReport, 'next' | 'previous'>>> {
  // `from`/`to` are the same days as every report's date_from/date_to.
  const scope = await resolveScope(deps, actor, {
    date_from: query.date_from ?? query.from,
    date_to: query.date_to ?? query.to,
    department: query.department,
  });
  const rows = lossRows(scope);
  if (query.format !== 'json') {
    return fileAnswer(query.format, {
      name: `yoldagi-yoqotishlar-${scope.from}_${scope.to}`,
      title: msg('export.reports.transit_title'),
      subtitle: subtitle(scope),
      columns: COLUMNS,
      batches: cursorBatches(deps.db, rows),
      totals: async () => {
        const [t, unit] = await Promise.all([
          lossTotals(deps.db, scope),
          totalsUnit(deps.db, scope.businessId),
        ]);
        return [null, null, null, null, null, unit ? t.qty : null, null, null, t.value_uzs, null];
      },
    });
  }
  const [paging, totals, unit] = await Promise.all([
    pageOfRows(deps.db, rows, query.page, query.page_size),
    lossTotals(deps.db, scope),
    totalsUnit(deps.db, scope.businessId),
  ]);
  return {
    kind: 'json',
    paging,
    body: {
      count: paging.count,
      date_from: scope.from,
      date_to: scope.to,
      results: paging.rows.map((r) => ({
        date: r.date,
        offer: r.offer_id,
        sender: { id: r.sender_id, email: r.sender_email },
        receiver: { id: r.receiver_id, email: r.receiver_email },
        variant: { id: r.variant_id, sku: r.sku, label: r.label, unit: r.unit },
        qty: r.qty,
        currency_code: r.currency_code,
        value: r.value,
        value_uzs: r.value_uzs,
        reason: r.reason,
      })),
      totals: { ...totals, qty: unit ? totals.qty : null, unit },
    },
  };
}
