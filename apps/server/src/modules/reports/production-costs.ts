import {
  msg,
  type ProductionCostQuery,
  type ProductionCostReport,
  type ProductionCostRow,
} from '@app/shared';
import type { Database } from '../../db/connection.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import type { FileColumn } from '../../lib/report-files.ts';
import { outputEstimates, versionEstimates } from '../production/recipes.service.ts';
import {
  type ProductionCostDbRow,
  productionCostRows,
  productionCostTotals,
} from './production-costs.repository.ts';
import type { RowWindow } from './reports.repository.ts';
import {
  fileAnswer,
  pageOfRows,
  periodPage,
  type ReportAnswer,
  resolveScope,
  subtitle,
} from './reports.service.ts';

// The production cost report (DESIGN.md section 21): per order or per output variant, what the
// inputs and the overhead really cost, the unit cost, and the recipe's estimate at today's costs
// beside it (an order's by the version it used; a variant's by the recipe it is made by today).

type Row = ProductionCostDbRow & { estimate_uzs: string | null };

/** Each row with its estimate, read for the rows' versions or variants at once. */
async function withEstimates(db: Database, businessId: number, rows: ProductionCostDbRow[]): Promise<Row[]> {
  const versions = rows.flatMap((r) => (r.version_id === null ? [] : [r.version_id]));
  const [byVersion, byVariant] = await Promise.all([
    versionEstimates(db, businessId, versions),
    versions.length === rows.length
      ? new Map<number, string | null>()
      : outputEstimates(
          db,
          businessId,
          rows.map((r) => r.variant_id),
        ),
  ]);
  return rows.map((r) => ({
    ...r,
    estimate_uzs: (r.version_id === null ? byVariant.get(r.variant_id) : byVersion.get(r.version_id)) ?? null,
  }));
}

const toRow = (r: Row): ProductionCostRow => ({
  key: r.key,
  number: r.number,
  date: r.date,
  department: r.department,
  variant: { id: r.variant_id, product: r.product_id, sku: r.sku, label: r.label, unit: r.unit },
  orders: r.orders,
  qty: r.qty,
  inputs_uzs: r.inputs_uzs,
  overhead_uzs: r.overhead_uzs,
  total_uzs: r.total_uzs,
  unit_cost_uzs: r.unit_cost_uzs,
  estimate_uzs: r.estimate_uzs,
});

const COLUMNS: FileColumn<Row>[] = [
  { header: msg('export.reports.document'), kind: 'text', value: (r) => r.number ?? '' },
  { header: msg('export.reports.date'), kind: 'text', value: (r) => r.date ?? '' },
  { header: msg('export.reports.product'), kind: 'text', value: (r) => `${r.sku} — ${r.label}`, width: 3 },
  { header: msg('export.reports.qty'), kind: 'quantity', value: (r) => r.qty },
  { header: msg('export.reports.inputs_uzs'), kind: 'money', value: (r) => r.inputs_uzs },
  { header: msg('export.reports.overhead_uzs'), kind: 'money', value: (r) => r.overhead_uzs },
  { header: msg('export.reports.total_uzs'), kind: 'money', value: (r) => r.total_uzs },
  { header: msg('export.reports.unit_cost_uzs'), kind: 'money', value: (r) => r.unit_cost_uzs },
  { header: msg('export.reports.estimate_uzs'), kind: 'money', value: (r) => r.estimate_uzs },
];

export async function productionCostReport(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  query: ProductionCostQuery,
): Promise<ReportAnswer<Omit<ProductionCostReport, 'next' | 'previous'>>> {
  const scope = await resolveScope(deps, actor, query);
  const rows = (window?: RowWindow) => productionCostRows(scope, query.group_by, window);
  const totals = async () => (await productionCostTotals(scope).execute(deps.db)).rows[0];
  if (query.format !== 'json') {
    // Read whole, not through a cursor: the estimates query the database between batches, which
    // a cursor's open transaction would hold (PGlite has one connection); a period's orders are
    // hundreds or thousands, not the sales report's hundred thousand rows.
    async function* estimated() {
      const { rows: all } = await rows().execute(deps.db);
      yield await withEstimates(deps.db, actor.businessId, all);
    }
    return fileAnswer(query.format, {
      name: `ishlab-chiqarish-${scope.from}_${scope.to}`,
      title: msg('export.reports.production_title'),
      subtitle: subtitle(
        scope,
        msg('export.reports.group_is', {
          group: msg(query.group_by === 'order' ? 'export.reports.document' : 'export.reports.product'),
        }),
      ),
      columns: COLUMNS,
      batches: estimated(),
      totals: async () => {
        const t = await totals();
        return [
          null,
          null,
          null,
          null,
          t?.inputs_uzs ?? null,
          t?.overhead_uzs ?? null,
          t?.total_uzs ?? null,
          null,
          null,
        ];
      },
    });
  }
  const [paging, sums] = await Promise.all([
    pageOfRows(deps.db, rows, query.page, query.page_size),
    totals(),
  ]);
  const results = (await withEstimates(deps.db, actor.businessId, paging.rows)).map(toRow);
  return periodPage(scope, paging, {
    results,
    totals: sums ?? { inputs_uzs: '0.00', overhead_uzs: '0.00', total_uzs: '0.00' },
  });
}
