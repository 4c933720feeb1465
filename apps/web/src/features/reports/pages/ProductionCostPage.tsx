import {
  D,
  formatMoneyFixed,
  PRODUCTION_COST_GROUPS,
  type ProductionCostReport,
  type ProductionCostRow,
} from '@app/shared';
import { generatePath, Link } from 'react-router';
import { Select } from '../../../components/ui/Select.tsx';
import { TD } from '../../../components/ui/Table.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { formatDate } from '../../../lib/format.ts';
import { downloadReport } from '../api/download-report.ts';
import {
  type ProductionCostFilters,
  type ProductionCostGroup,
  useProductionCostReport,
} from '../api/production.ts';
import { type ReportColumn, ReportShell, ReportTable } from '../components/ReportPage.tsx';
import { pickOption, pickPage } from '../report-params.ts';
import { useReportSearch } from '../use-report-search.ts';

type Quantity = ReturnType<typeof useQuantityText>;
const FIGURE = { align: 'right', numeric: true } as const;

const GROUPS: Record<ProductionCostGroup, MessageKey> = {
  order: 'reports.production.group.order',
  variant: 'reports.production.group.variant',
};

/** Unit cost minus the estimate (per unit, UZS); null without an estimate. */
export function costDifference(
  row: Pick<ProductionCostRow, 'unit_cost_uzs' | 'estimate_uzs'>,
): string | null {
  return row.estimate_uzs === null ? null : new D(row.unit_cost_uzs).minus(row.estimate_uzs).toFixed(2);
}

/** The order (its number to its card, its date under it) or the variant's number of orders. */
function keyColumns(t: Translate, groupBy: ProductionCostGroup): ReportColumn<ProductionCostRow>[] {
  if (groupBy === 'variant')
    return [
      { key: 'orders', label: t('reports.production.column.orders'), ...FIGURE, cell: (row) => row.orders },
    ];
  return [
    {
      key: 'number',
      label: t('reports.production.column.number'),
      cell: (row) => (
        <>
          <Link
            to={generatePath(paths.document.production, { id: row.key })}
            className="inline-block min-w-max font-mono font-medium text-brand-700 hover:underline"
          >
            {row.number}
          </Link>
          {/* The date under the number: the figures get the width (DESIGN.md section 16). */}
          <span className="block text-xs whitespace-nowrap text-slate-500">
            {row.date ? formatDate(row.date) : ''}
          </span>
        </>
      ),
    },
  ];
}

function productionColumns(
  t: Translate,
  quantity: Quantity,
  groupBy: ProductionCostGroup,
): ReportColumn<ProductionCostRow>[] {
  const money =
    (key: 'inputs_uzs' | 'overhead_uzs' | 'total_uzs' | 'unit_cost_uzs') => (row: ProductionCostRow) =>
      formatMoneyFixed(row[key]);
  return [
    ...keyColumns(t, groupBy),
    {
      key: 'variant',
      label: t('reports.production.column.output'),
      cell: (row) => (
        <>
          <span className="block w-40 font-medium break-words whitespace-normal text-slate-900">
            {row.variant.label}
          </span>
          <span className="block font-mono text-xs text-slate-500">{row.variant.sku}</span>
        </>
      ),
    },
    {
      key: 'qty',
      label: t('reports.production.column.qty'),
      ...FIGURE,
      cell: (row) => quantity(row.qty, row.variant.unit),
    },
    { key: 'inputs', label: t('reports.production.column.inputs'), ...FIGURE, cell: money('inputs_uzs') },
    {
      key: 'overhead',
      label: t('reports.production.column.overhead'),
      title: t('reports.production.column.overheadHint'),
      ...FIGURE,
      cell: money('overhead_uzs'),
    },
    { key: 'total', label: t('reports.production.column.total'), ...FIGURE, cell: money('total_uzs') },
    { key: 'unit', label: t('reports.production.column.unitCost'), ...FIGURE, cell: money('unit_cost_uzs') },
    {
      key: 'estimate',
      label: t('reports.production.column.estimate'),
      title: t('reports.production.column.estimateHint'),
      ...FIGURE,
      cell: (row) => (row.estimate_uzs === null ? '—' : formatMoneyFixed(row.estimate_uzs)),
    },
    {
      key: 'difference',
      label: t('reports.production.column.difference'),
      ...FIGURE,
      cell: (row) => {
        const diff = costDifference(row);
        if (diff === null) return '—';
        // Above the estimate costs more than the recipe expects: red; below it, green.
        const over = new D(diff).gt(0);
        return (
          <span className={over ? 'text-red-700' : new D(diff).lt(0) ? 'text-emerald-700' : undefined}>
            {over ? '+' : ''}
            {formatMoneyFixed(diff)}
          </span>
        );
      },
    },
  ];
}

/** The period's inputs, overhead and total in UZS under their columns. */
function ProductionTotals({ totals }: { totals: ProductionCostReport['totals'] }) {
  const t = useT();
  return (
    <tr data-testid="report-totals">
      <TD colSpan={3}>{t('reports.table.total')}</TD>
      <TD numeric>{formatMoneyFixed(totals.inputs_uzs)}</TD>
      <TD numeric>{formatMoneyFixed(totals.overhead_uzs)}</TD>
      <TD numeric className="font-semibold" data-testid="report-total-uzs">
        {formatMoneyFixed(totals.total_uzs)}
      </TD>
      <TD colSpan={3} />
    </tr>
  );
}

/**
 * /reports/production (DESIGN.md section 21): what each posted order, or each output variant,
 * cost over the period in UZS, its unit cost beside the recipe's estimate at today's costs.
 */
export function ProductionCostPage() {
  const t = useT();
  const quantity = useQuantityText();
  const search = useReportSearch();
  const groupBy = pickOption(search.params.get('group_by'), PRODUCTION_COST_GROUPS, 'order');
  const page = pickPage(search.params.get('page'));
  const filters: ProductionCostFilters = { ...search.scope, group_by: groupBy };
  const report = useProductionCostReport(filters, page);
  const groupSelect = (
    <Select
      label={t('reports.production.groupBy')}
      className="w-full sm:w-48"
      value={groupBy}
      onChange={(e) => search.update({ group_by: e.target.value })}
      options={PRODUCTION_COST_GROUPS.map((g) => ({ value: g, label: t(GROUPS[g]) }))}
    />
  );
  return (
    <ReportShell asOf={report.data?.data_as_of} search={search} filters={groupSelect}>
      <ReportTable
        search={search}
        label={t('reports.production.tableLabel')}
        title={t('reports.production.title')}
        query={report}
        page={page}
        ordering={undefined}
        columns={productionColumns(t, quantity, groupBy)}
        rowKey={(row) => row.key}
        totals={(data) => <ProductionTotals totals={data.totals} />}
        onDownload={(format) =>
          downloadReport('reports/production/', filters, format, 'ishlab-chiqarish-tannarxi')
        }
      />
    </ReportShell>
  );
}
