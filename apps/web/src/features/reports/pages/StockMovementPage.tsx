import {
  formatMoneyFixed,
  STOCK_MOVEMENT_ORDERINGS,
  type StockMovementReport,
  type StockMovementRow,
} from '@app/shared';
import { useState } from 'react';
import { TD } from '../../../components/ui/Table.tsx';
import { type VariantOption, VariantPicker } from '../../../components/VariantPicker.tsx';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { downloadReport } from '../api/download-report.ts';
import { findReportVariantByBarcode, searchReportVariants } from '../api/lookups.ts';
import { type StockMovementFilters, useStockMovementReport } from '../api/stock-movement.ts';
import { type ReportColumn, ReportShell, ReportTable } from '../components/ReportPage.tsx';
import { pickId, pickOption, pickPage } from '../report-params.ts';
import { type ReportSearch, useReportSearch } from '../use-report-search.ts';

type Quantity = ReturnType<typeof useQuantityText>;
const FIGURE = { align: 'right', numeric: true } as const;

/** Per variant: opening, in, out, closing (opening + in - out) and the closing's FIFO value. */
function movementColumns(t: Translate, quantity: Quantity): ReportColumn<StockMovementRow>[] {
  const qty = (key: 'opening_qty' | 'in_qty' | 'out_qty' | 'closing_qty') => (row: StockMovementRow) =>
    quantity(row[key], row.variant.unit);
  return [
    {
      key: 'variant',
      label: t('reports.stockMovement.column.variant'),
      sort: 'label',
      sortFirst: 'asc',
      cell: (row) => (
        <>
          {/* Wraps on a phone (a capped block), so the figures start on the first screen. */}
          <span className="block w-40 font-medium break-words whitespace-normal text-slate-900 sm:w-auto sm:max-w-md">
            {row.variant.label}
          </span>
          <span className="block font-mono text-xs text-slate-500">{row.variant.sku}</span>
        </>
      ),
    },
    {
      key: 'opening',
      label: t('reports.stockMovement.column.opening'),
      title: t('reports.stockMovement.column.openingHint'),
      sort: 'opening_qty',
      ...FIGURE,
      cell: qty('opening_qty'),
    },
    { key: 'in', label: t('reports.column.in'), sort: 'in_qty', ...FIGURE, cell: qty('in_qty') },
    { key: 'out', label: t('reports.column.out'), sort: 'out_qty', ...FIGURE, cell: qty('out_qty') },
    {
      key: 'closing',
      label: t('reports.stockMovement.column.closing'),
      title: t('reports.stockMovement.column.closingHint'),
      sort: 'closing_qty',
      ...FIGURE,
      className: 'font-medium text-slate-900',
      cell: qty('closing_qty'),
    },
    {
      key: 'value',
      label: t('reports.stockMovement.column.value'),
      title: t('reports.stockMovement.column.valueHint'),
      sort: 'closing_value_uzs',
      ...FIGURE,
      cell: (row) => formatMoneyFixed(row.closing_value_uzs),
    },
  ];
}

/** The period's totals; quantities only when every row has the same unit (DESIGN.md section 16). */
function MovementTotals({ totals }: { totals: StockMovementReport['totals'] }) {
  const t = useT();
  const quantity = useQuantityText();
  return (
    <tr data-testid="report-totals">
      <TD>{t('reports.table.total')}</TD>
      <TD numeric>{quantity(totals.opening_qty, totals.unit)}</TD>
      <TD numeric>{quantity(totals.in_qty, totals.unit)}</TD>
      <TD numeric>{quantity(totals.out_qty, totals.unit)}</TD>
      <TD numeric>{quantity(totals.closing_qty, totals.unit)}</TD>
      <TD numeric>{formatMoneyFixed(totals.closing_value_uzs)}</TD>
    </tr>
  );
}

/** The variant filter: the picker shows the variant chosen here; one from the URL is named from its row. */
function VariantFilter({
  search,
  variantId,
  rows,
}: {
  search: ReportSearch;
  variantId: number | undefined;
  rows: readonly StockMovementRow[];
}) {
  const t = useT();
  const [picked, setPicked] = useState<VariantOption | null>(null);
  const fromRow = rows.find((r) => r.variant.id === variantId)?.variant;
  const selected: VariantOption | null =
    variantId === undefined
      ? null
      : picked?.id === variantId
        ? picked
        : fromRow
          ? { id: fromRow.id, label: fromRow.label, sku: fromRow.sku }
          : { id: variantId, label: t('reports.stockMovement.variantFallback', { id: variantId }), sku: '' };
  return (
    // As tall as its label and field: the result list opens over the page below, not into it.
    <div className="relative z-20 h-[66px] w-full sm:w-72">
      <VariantPicker
        value={selected}
        search={searchReportVariants}
        findByBarcode={findReportVariantByBarcode}
        onChange={(v) => {
          setPicked(v);
          search.update({ variant: v ? String(v.id) : null });
        }}
      />
    </div>
  );
}

/**
 * /reports/stock-movement (DESIGN.md section 11): per variant, the opening quantity, what came in
 * and went out in the period, the closing quantity (opening + in - out) and its FIFO value in UZS.
 */
export function StockMovementPage() {
  const t = useT();
  const quantity = useQuantityText();
  const search = useReportSearch();
  const { params } = search;
  const variantId = pickId(params.get('variant'));
  const ordering = pickOption(params.get('ordering'), STOCK_MOVEMENT_ORDERINGS, undefined);
  const page = pickPage(params.get('page'));
  const filters: StockMovementFilters = { ...search.scope, variant: variantId, ordering };
  const report = useStockMovementReport(filters, page);

  return (
    <ReportShell
      asOf={report.data?.data_as_of}
      search={search}
      filters={<VariantFilter search={search} variantId={variantId} rows={report.data?.results ?? []} />}
    >
      <ReportTable
        search={search}
        label={t('reports.stockMovement.tableLabel')}
        title={t('reports.stockMovement.title')}
        query={report}
        page={page}
        ordering={ordering}
        columns={movementColumns(t, quantity)}
        rowKey={(row) => row.variant.id}
        totals={(data) => <MovementTotals totals={data.totals} />}
        onDownload={(format) => downloadReport('reports/stock-movement/', filters, format, 'ombor-harakati')}
      />
    </ReportShell>
  );
}
