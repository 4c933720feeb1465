import { formatMoneyFixed, type TransitLossesReport, type TransitLossRow } from '@app/shared';
import { generatePath, Link } from 'react-router';
import { TD } from '../../../components/ui/Table.tsx';
import { paths } from '../../../config/paths.ts';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { formatDate } from '../../../lib/format.ts';
import { downloadReport } from '../api/download-report.ts';
import type { ScopeFilters } from '../api/keys.ts';
import { useTransitLossesReport } from '../api/transit-losses.ts';
import { type ReportColumn, ReportShell, ReportTable } from '../components/ReportPage.tsx';
import { pickPage } from '../report-params.ts';
import { useReportSearch } from '../use-report-search.ts';

type Quantity = ReturnType<typeof useQuantityText>;
const FIGURE = { align: 'right', numeric: true } as const;

/** A row: when, which offer, from whom to whom, what, how much, its value and why. */
function lossColumns(t: Translate, quantity: Quantity): ReportColumn<TransitLossRow>[] {
  return [
    {
      key: 'date',
      label: t('reports.transitLosses.column.date'),
      className: 'whitespace-nowrap',
      cell: (row) => formatDate(row.date),
    },
    {
      key: 'offer',
      label: t('reports.transitLosses.column.offer'),
      cell: (row) => (
        <Link
          to={generatePath(paths.offer, { id: String(row.offer) })}
          className="font-medium text-brand-700 hover:underline"
        >
          {t('reports.transitLosses.offerNumber', { id: String(row.offer) })}
        </Link>
      ),
    },
    {
      key: 'parties',
      label: t('reports.transitLosses.column.parties'),
      cell: (row) => (
        <span className="block max-w-56 text-xs break-words whitespace-normal">
          <span className="block">{row.sender.email}</span>
          <span className="block text-slate-500">{row.receiver.email}</span>
        </span>
      ),
    },
    {
      key: 'variant',
      label: t('reports.transitLosses.column.variant'),
      cell: (row) => (
        <>
          <span className="block w-40 font-medium break-words whitespace-normal text-slate-900 sm:w-auto sm:max-w-xs">
            {row.variant.label}
          </span>
          <span className="block font-mono text-xs text-slate-500">{row.variant.sku}</span>
        </>
      ),
    },
    {
      key: 'qty',
      label: t('reports.transitLosses.column.qty'),
      ...FIGURE,
      cell: (row) => quantity(row.qty, row.variant.unit),
    },
    {
      key: 'value',
      label: t('reports.transitLosses.column.value'),
      title: t('reports.transitLosses.column.valueHint'),
      ...FIGURE,
      cell: (row) => (
        <>
          <span className="block font-medium text-slate-900">
            {formatMoneyFixed(row.value)} {row.currency_code}
          </span>
          {row.currency_code === 'UZS' ? null : (
            <span className="block text-xs text-slate-500">{formatMoneyFixed(row.value_uzs)} UZS</span>
          )}
        </>
      ),
    },
    {
      key: 'reason',
      label: t('reports.transitLosses.column.reason'),
      cell: (row) => (
        <span className="block min-w-40 max-w-64 break-words whitespace-normal">{row.reason}</span>
      ),
    },
  ];
}

/** The period's totals: the quantity when every product has one unit, the value per currency and in UZS. */
function LossTotals({ totals }: { totals: TransitLossesReport['totals'] }) {
  const t = useT();
  const quantity = useQuantityText();
  return (
    <tr data-testid="report-totals">
      <TD>{t('reports.table.total')}</TD>
      <TD />
      <TD />
      <TD />
      <TD numeric>{quantity(totals.qty ?? '0', totals.unit)}</TD>
      <TD numeric>
        {totals.values.map((v) => (
          <span key={v.currency_code} className="block text-xs text-slate-500">
            {formatMoneyFixed(v.value)} {v.currency_code}
          </span>
        ))}
        <span className="block font-medium text-slate-900" data-testid="report-total-uzs">
          {formatMoneyFixed(totals.value_uzs)} UZS
        </span>
      </TD>
      <TD />
    </tr>
  );
}

/**
 * /reports/transit-losses (DESIGN.md section 20): the transit losses of product offers approved
 * short, by period and department (the Owner any or all; a department its own, sent or received).
 */
export function TransitLossesPage() {
  const t = useT();
  const quantity = useQuantityText();
  const search = useReportSearch();
  const page = pickPage(search.params.get('page'));
  const filters: ScopeFilters = { ...search.scope };
  const report = useTransitLossesReport(filters, page);

  return (
    <ReportShell asOf={report.data?.data_as_of} search={search}>
      <ReportTable
        search={search}
        label={t('reports.transitLosses.tableLabel')}
        title={t('reports.transitLosses.title')}
        query={report}
        page={page}
        ordering={undefined}
        columns={lossColumns(t, quantity)}
        rowKey={(row) => `${row.offer}-${row.variant.id}-${row.currency_code}`}
        totals={(data) => <LossTotals totals={data.totals} />}
        onDownload={(format) =>
          downloadReport('reports/transit-losses/', filters, format, 'yoldagi-yoqotishlar')
        }
      />
    </ReportShell>
  );
}
