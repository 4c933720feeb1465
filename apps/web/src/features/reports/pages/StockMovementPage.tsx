import { formatMoneyFixed, STOCK_MOVEMENT_ORDERINGS } from '@app/shared';
import { useState } from 'react';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { type SortDirection, Table, TBody, TD, TFoot, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { type VariantOption, VariantPicker } from '../../../components/VariantPicker.tsx';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { downloadReport } from '../api/download-report.ts';
import { searchReportVariants } from '../api/lookups.ts';
import { type StockMovementFilters, useStockMovementReport } from '../api/stock-movement.ts';
import { ReportFilters } from '../components/ReportFilters.tsx';
import { REPORT_TABLE, ReportHeading, ReportPagination, tableStatus } from '../components/ReportSection.tsx';
import { pickId, pickOption, pickPage, sortDirection, toggleOrdering } from '../report-params.ts';
import { useReportSearch } from '../use-report-search.ts';

const COLUMNS = 6;

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
  const rows = report.data?.results ?? [];
  // The picker shows the variant chosen here; one that came in the URL is named from its row.
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

  const sortable = (column: string, first: SortDirection = 'desc') => ({
    sorted: sortDirection(ordering, column),
    onSort: () => search.update({ ordering: toggleOrdering(ordering, column, first) }),
  });

  return (
    <div className="space-y-5">
      <ReportFilters search={search}>
        {/* As tall as its label and field: the result list opens over the page below, not into it. */}
        <div className="relative z-20 h-[66px] w-full sm:w-72">
          <VariantPicker
            value={selected}
            search={searchReportVariants}
            onChange={(v) => {
              setPicked(v);
              search.update({ variant: v ? String(v.id) : null });
            }}
          />
        </div>
      </ReportFilters>

      <section
        aria-label={t('reports.stockMovement.tableLabel')}
        aria-busy={report.isFetching}
        data-testid="report-table"
        className="space-y-3"
      >
        <ReportHeading
          title={t('reports.stockMovement.title')}
          count={report.data?.count}
          onDownload={(format) =>
            downloadReport('reports/stock-movement/', filters, format, 'ombor-harakati')
          }
        />
        {report.isError ? (
          <ErrorMessage>{failureMessage(report.error, t('reports.error.report'))}</ErrorMessage>
        ) : null}
        <Table
          caption={t('reports.stockMovement.title')}
          className={cn(REPORT_TABLE, report.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          <THead>
            <tr>
              <TH {...sortable('label', 'asc')}>{t('reports.stockMovement.column.variant')}</TH>
              <TH
                align="right"
                title={t('reports.stockMovement.column.openingHint')}
                {...sortable('opening_qty')}
              >
                {t('reports.stockMovement.column.opening')}
              </TH>
              <TH align="right" {...sortable('in_qty')}>
                {t('reports.column.in')}
              </TH>
              <TH align="right" {...sortable('out_qty')}>
                {t('reports.column.out')}
              </TH>
              <TH
                align="right"
                title={t('reports.stockMovement.column.closingHint')}
                {...sortable('closing_qty')}
              >
                {t('reports.stockMovement.column.closing')}
              </TH>
              <TH
                align="right"
                title={t('reports.stockMovement.column.valueHint')}
                {...sortable('closing_value_uzs')}
              >
                {t('reports.stockMovement.column.value')}
              </TH>
            </tr>
          </THead>
          <TBody>
            {tableStatus(t, report.isPending, rows.length, COLUMNS) ??
              rows.map((row) => (
                <TR key={row.variant.id} data-testid="report-row">
                  <TD>
                    {/* Wraps on a phone (a capped block), so the figures start on the first screen. */}
                    <span className="block w-40 font-medium break-words whitespace-normal text-slate-900 sm:w-auto sm:max-w-md">
                      {row.variant.label}
                    </span>
                    <span className="block font-mono text-xs text-slate-500">{row.variant.sku}</span>
                  </TD>
                  <TD numeric>{quantity(row.opening_qty, row.variant.unit)}</TD>
                  <TD numeric>{quantity(row.in_qty, row.variant.unit)}</TD>
                  <TD numeric>{quantity(row.out_qty, row.variant.unit)}</TD>
                  <TD numeric className="font-medium text-slate-900">
                    {quantity(row.closing_qty, row.variant.unit)}
                  </TD>
                  <TD numeric>{formatMoneyFixed(row.closing_value_uzs)}</TD>
                </TR>
              ))}
          </TBody>
          {report.data && rows.length > 0 ? (
            <TFoot>
              <tr data-testid="report-totals">
                <TD>{t('reports.table.total')}</TD>
                <TD numeric>{quantity(report.data.totals.opening_qty, report.data.totals.unit)}</TD>
                <TD numeric>{quantity(report.data.totals.in_qty, report.data.totals.unit)}</TD>
                <TD numeric>{quantity(report.data.totals.out_qty, report.data.totals.unit)}</TD>
                <TD numeric>{quantity(report.data.totals.closing_qty, report.data.totals.unit)}</TD>
                <TD numeric>{formatMoneyFixed(report.data.totals.closing_value_uzs)}</TD>
              </tr>
            </TFoot>
          ) : null}
        </Table>
        <ReportPagination search={search} page={page} count={report.data?.count} busy={report.isFetching} />
      </section>
    </div>
  );
}
