import {
  type LossesQuery,
  type LossesReport,
  type LossKind,
  type Message,
  msg,
  type UnitMeasure,
} from '@app/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { cursorBatches } from '../../lib/cursor.ts';
import type { FileColumn } from '../../lib/report-files.ts';
import type { Answer } from '../../lib/send-report.ts';
import type { ReportScope } from './reports.repository.ts';
import { fileAnswer, pageOfRows, resolveScope, subtitle } from './reports.service.ts';

// The losses report (DESIGN.md sections 11, 20 and 22), `GET api/reports/losses/`: one list of
// three kinds, each row valued in UZS, a shortage negative and a surplus positive:
// - SHIFT_DIFF: every SHIFT_DIFF money row (a shift's opening or closing difference), in its
//   currency and in UZS at the rate the row recorded; the department is the shift's.
// - TRANSIT_LOSS: every TRANSIT_LOSS exit, at the FIFO cost of the lots it consumed in UZS at the
//   rates they recorded (as api/reports/transit-losses/ values them); the department is the
//   sender's, and a department reads the losses of the transfers it sent or received, as there.
// - STOCK_COUNT: each line of a POSTED stock count with a variance, valued from its ADJUSTMENT
//   ledger rows: a surplus's entry at its lot's cost, a shortage's exit at the FIFO cost of the
//   lots it consumed, each in UZS at the lot's rate. The choice made for reversed counts: left
//   out, with their reversal (a REVERSED count's adjustment and its storno net to nothing).
// Each row is rounded once to 2 decimals and the totals are the sums of the rows, so the page
// adds up exactly; the totals are of every kind, whatever the `kind` filter shows.

interface LossDbRow {
  kind: LossKind;
  sort_id: string;
  date: string;
  department_id: number;
  department_email: string;
  department_name: string;
  source_id: number;
  source_number: string;
  variant_id: number | null;
  sku: string | null;
  label: string | null;
  unit: UnitMeasure | null;
  qty: string | null;
  currency_code: string | null;
  amount: string | null;
  amount_uzs: string;
  total_count: number;
}

const between = (column: RawBuilder<unknown>, scope: ReportScope) =>
  sql`business_day(${column}) BETWEEN ${scope.from}::date AND ${scope.to}::date`;

function shiftParts(scope: ReportScope) {
  const department = scope.departmentId === null ? sql`` : sql`AND t.user_id = ${scope.departmentId}`;
  return sql`
    SELECT 'SHIFT_DIFF'::text AS kind, t.created_at AS at, t.id AS sort_id, t.user_id AS department_id,
           s.id AS source_id, s.number::text AS source_number, NULL::int AS variant_id, NULL::numeric AS qty,
           t.currency_id, t.amount, round(t.amount_in_uzs, 2) AS amount_uzs
    FROM money_transactions t JOIN cash_shifts s ON s.id = t.shift_id
    WHERE t.business_id = ${scope.businessId} AND t.tx_type = 'SHIFT_DIFF'
      AND ${between(sql`t.created_at`, scope)} ${department}`;
}

function transitParts(scope: ReportScope) {
  const department =
    scope.departmentId === null
      ? sql``
      : sql`AND (x.department_id = ${scope.departmentId} OR o.to_user_id = ${scope.departmentId})`;
  return sql`
    SELECT 'TRANSIT_LOSS'::text, x.created_at, x.id, x.department_id, o.id, '#' || o.id::text, x.variant_id,
           sum(m.qty), NULL::int, NULL::numeric, round(sum(m.qty * l.unit_cost * l.rate_to_uzs), 2)
    FROM stock_exits x
    JOIN offers o ON o.id = x.offer_id
    JOIN stock_moves m ON m.exit_id = x.id
    JOIN stock_lots l ON l.id = m.lot_id
    WHERE x.business_id = ${scope.businessId} AND x.type = 'TRANSIT_LOSS'
      AND ${between(sql`x.created_at`, scope)} ${department}
    GROUP BY x.id, o.id`;
}

function countParts(scope: ReportScope) {
  const department = scope.departmentId === null ? sql`` : sql`AND d.department_id = ${scope.departmentId}`;
  return sql`
    SELECT 'STOCK_COUNT'::text, d.posted_at, l.id, d.department_id, d.id, d.number, l.variant_id, l.variance,
           NULL::int, NULL::numeric,
           round(coalesce((SELECT sum(lot.qty_received * lot.unit_cost * lot.rate_to_uzs)
                             FROM stock_entries e JOIN stock_lots lot ON lot.entry_id = e.id
                             WHERE e.document_line_id = l.id AND e.type = 'ADJUSTMENT'), 0)
               + coalesce((SELECT sum(m.qty * lot.unit_cost * lot.rate_to_uzs)
                             FROM stock_exits x JOIN stock_moves m ON m.exit_id = x.id
                             JOIN stock_lots lot ON lot.id = m.lot_id
                             WHERE x.document_line_id = l.id AND x.type = 'ADJUSTMENT'), 0), 2)
    FROM documents d JOIN document_lines l ON l.document_id = d.id
    WHERE d.business_id = ${scope.businessId} AND d.kind = 'STOCK_COUNT' AND d.status = 'POSTED'
      AND l.variance IS NOT NULL AND l.variance <> 0
      AND ${between(sql`d.posted_at`, scope)} ${department}`;
}

/** Every row of the three kinds in scope (the kinds' order is the UNION's column names). */
const allParts = (scope: ReportScope) =>
  sql`${shiftParts(scope)} UNION ALL ${transitParts(scope)} UNION ALL ${countParts(scope)}`;

function lossRows(scope: ReportScope, kind: LossKind | undefined): RawBuilder<LossDbRow> {
  const only = kind === undefined ? sql`` : sql`WHERE r.kind = ${kind}`;
  return sql<LossDbRow>`
    SELECT r.kind, r.sort_id::text AS sort_id, business_day(r.at)::text AS date, u.id AS department_id, u.email AS department_email,
           coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS department_name,
           r.source_id, r.source_number, v.id AS variant_id, v.sku,
           CASE WHEN v.id IS NULL THEN NULL
                ELSE variant_label(p.name, p.model, c.name, variant_size_label(sz.size, sz.label)) END AS label,
           un.measure AS unit, r.qty::numeric(18,3)::text AS qty, cur.code AS currency_code,
           r.amount::numeric(20,2)::text AS amount, r.amount_uzs::numeric(20,2)::text AS amount_uzs,
           count(*) OVER ()::int AS total_count
    FROM (${allParts(scope)}) r
    JOIN users u ON u.id = r.department_id
    LEFT JOIN variants v ON v.id = r.variant_id
    LEFT JOIN products p ON p.id = v.product_id
    LEFT JOIN units un ON un.id = p.unit_id
    LEFT JOIN colors c ON c.id = v.color_id
    LEFT JOIN sizes sz ON sz.id = v.size_id
    LEFT JOIN currencies cur ON cur.id = r.currency_id
    ${only}
    ORDER BY r.at, r.kind, r.sort_id`;
}

/** Each kind's total and the grand total, the sums of the rows as the page shows them. */
async function lossTotals(db: Database, scope: ReportScope): Promise<LossesReport['totals']> {
  const { rows } = await sql<LossesReport['totals']>`
    SELECT coalesce(sum(r.amount_uzs) FILTER (WHERE r.kind = 'SHIFT_DIFF'), 0)::numeric(20,2)::text AS shift_diff_uzs,
           coalesce(sum(r.amount_uzs) FILTER (WHERE r.kind = 'TRANSIT_LOSS'), 0)::numeric(20,2)::text AS transit_loss_uzs,
           coalesce(sum(r.amount_uzs) FILTER (WHERE r.kind = 'STOCK_COUNT'), 0)::numeric(20,2)::text AS stock_count_uzs,
           coalesce(sum(r.amount_uzs), 0)::numeric(20,2)::text AS total_uzs
    FROM (${allParts(scope)}) r`.execute(db);
  return (
    rows[0] ?? {
      shift_diff_uzs: '0.00',
      transit_loss_uzs: '0.00',
      stock_count_uzs: '0.00',
      total_uzs: '0.00',
    }
  );
}

/** The kinds in the files' words, rendered in the reader's language. */
const KIND_WORDS: Record<LossKind, Message> = {
  SHIFT_DIFF: msg('export.reports.kind.SHIFT_DIFF'),
  TRANSIT_LOSS: msg('export.reports.kind.TRANSIT_LOSS'),
  STOCK_COUNT: msg('export.reports.kind.STOCK_COUNT'),
};

const COLUMNS: FileColumn<LossDbRow>[] = [
  { header: msg('export.reports.date'), kind: 'text', value: (r) => r.date },
  { header: msg('export.reports.type'), kind: 'text', value: (r) => KIND_WORDS[r.kind] },
  { header: msg('export.reports.department'), kind: 'text', value: (r) => r.department_email, width: 2 },
  {
    header: msg('export.reports.source'),
    kind: 'text',
    value: (r) =>
      r.kind === 'SHIFT_DIFF'
        ? msg('export.reports.shift_number', { number: r.source_number })
        : r.source_number,
  },
  {
    header: msg('export.reports.variant'),
    kind: 'text',
    value: (r) => (r.sku ? `${r.sku} — ${r.label}` : ''),
    width: 3,
  },
  { header: msg('export.reports.qty'), kind: 'quantity', value: (r) => r.qty ?? '' },
  { header: msg('export.reports.currency'), kind: 'text', value: (r) => r.currency_code ?? '' },
  { header: msg('export.reports.amount'), kind: 'money', value: (r) => r.amount ?? '' },
  { header: msg('export.reports.amount_uzs'), kind: 'money', value: (r) => r.amount_uzs },
];

export async function lossesReport(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  query: LossesQuery,
): Promise<Answer<Omit<LossesReport, 'next' | 'previous'>>> {
  const scope = await resolveScope(deps, actor, query);
  const rows = lossRows(scope, query.kind);
  if (query.format !== 'json') {
    return fileAnswer(query.format, {
      name: `yoqotishlar-${scope.from}_${scope.to}`,
      title: msg('export.reports.losses_title'),
      subtitle: subtitle(
        scope,
        ...(query.kind ? [msg('export.reports.type_is', { type: KIND_WORDS[query.kind] })] : []),
      ),
      columns: COLUMNS,
      batches: cursorBatches(deps.db, rows),
      totals: async () => {
        const t = await lossTotals(deps.db, scope);
        const shown = query.kind === undefined ? t.total_uzs : kindTotal(t, query.kind);
        return [null, null, null, null, null, null, null, null, shown];
      },
    });
  }
  const [paging, totals] = await Promise.all([
    pageOfRows(deps.db, rows, query.page, query.page_size),
    lossTotals(deps.db, scope),
  ]);
  return {
    kind: 'json',
    paging,
    body: {
      count: paging.count,
      date_from: scope.from,
      date_to: scope.to,
      results: paging.rows.map((r) => ({
        key: `${r.kind}-${r.sort_id}`,
        kind: r.kind,
        date: r.date,
        department: { id: r.department_id, email: r.department_email, name: r.department_name },
        source: { id: r.source_id, number: r.source_number },
        variant:
          r.variant_id === null
            ? null
            : { id: r.variant_id, sku: r.sku ?? '', label: r.label ?? '', unit: r.unit ?? 'D' },
        qty: r.qty,
        currency_code: r.currency_code,
        amount: r.amount,
        amount_uzs: r.amount_uzs,
      })),
      totals,
    },
  };
}

function kindTotal(t: LossesReport['totals'], kind: LossKind): string {
  if (kind === 'SHIFT_DIFF') return t.shift_diff_uzs;
  if (kind === 'TRANSIT_LOSS') return t.transit_loss_uzs;
  return t.stock_count_uzs;
}
