import { type Dashboard, type DebtDirection, formatMoneyFixed, formatPercent } from '@app/shared';
import { Boxes, Inbox, TrendingUp, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useDashboard } from '../api/dashboard.ts';
import { FigureCard, FigureLine } from '../components/FigureCard.tsx';
import { LazyDayBarsChart } from '../components/LazyCharts.tsx';
import { ListCard, QuietEmpty } from '../components/ListCard.tsx';
import { ReportShell } from '../components/ReportPage.tsx';
import { SignedMoney } from '../components/ReportSection.tsx';
import { isEmpty } from '../figures.ts';
import { formatDay, formatPeriodRange } from '../period.ts';
import { scopeSearch } from '../report-params.ts';
import { type ReportSearch, useReportSearch } from '../use-report-search.ts';

const FLOW_SERIES: readonly { key: string; label: MessageKey; color: string }[] = [
  { key: 'inflow', label: 'reports.column.in', color: '#059669' },
  { key: 'outflow', label: 'reports.column.out', color: '#e11d48' },
];
const SALES_SERIES: readonly { key: string; label: MessageKey; color: string }[] = [
  { key: 'sales', label: 'reports.dashboard.salesChart.series', color: '#1d4ed8' },
];

/** Which way an overdue debt goes (DESIGN.md section 16), in the debts pages' words. */
const OVERDUE_DIRECTIONS: Record<DebtDirection, MessageKey> = {
  RECEIVABLE: 'reports.dashboard.overdue.receivable',
  PAYABLE: 'reports.dashboard.overdue.payable',
};
const OVERDUE_TONES = { RECEIVABLE: 'emerald', PAYABLE: 'red' } as const;

/**
 * /dashboard, every role's first menu entry (DESIGN.md sections 11 and 16): the money on
 * hand, the stock's value, the period's sales, what waits for a decision, what runs low, and the
 * period day by day. Every figure links to the report behind it, with the same filters.
 */
export function DashboardPage() {
  const t = useT();
  const search = useReportSearch();
  const dashboard = useDashboard(search.scope);
  const link = (path: string, extra?: Record<string, string>) =>
    `${path}${scopeSearch(search.params, extra)}`;

  const header = (
    <PageHeader
      title={t('reports.dashboard.title')}
      description={formatPeriodRange(search.period)}
      className="mb-0"
    />
  );
  return (
    <ReportShell search={search} header={header} asOf={dashboard.data?.data_as_of} className="space-y-6">
      {dashboard.isError ? (
        <ErrorMessage>{failureMessage(dashboard.error, t('reports.dashboard.loadError'))}</ErrorMessage>
      ) : dashboard.isPending ? (
        <LoadingText>{t('reports.loading')}</LoadingText>
      ) : (
        <DashboardBody data={dashboard.data} search={search} link={link} />
      )}
    </ReportShell>
  );
}

interface BodyProps {
  data: Dashboard;
  search: ReportSearch;
  link: (path: string, extra?: Record<string, string>) => string;
}

function DashboardBody(props: BodyProps) {
  return (
    <>
      <Figures {...props} />
      <DayCharts {...props} />
      <div className="grid gap-4 lg:grid-cols-2">
        <LowStock {...props} />
        <OverdueDebts data={props.data} />
      </div>
    </>
  );
}

/** The money, the stock, the sales and the offers waiting, each linking to its report. */
function Figures({ data, link }: BodyProps) {
  const t = useT();
  return (
    // Two across: a figure in billions of UZS stays on one line.
    <div className="grid gap-4 sm:grid-cols-2">
      <FigureCard
        testId="figure-money"
        title={t('reports.dashboard.money.title')}
        icon={Wallet}
        value={formatMoneyFixed(data.total_in_uzs)}
        unit="UZS"
        to={link(paths.reports.cashFlow)}
        linkLabel={t('reports.cashFlow.title')}
      >
        {data.balances.length === 0 ? (
          <p className="text-slate-500">{t('reports.dashboard.money.noBalance')}</p>
        ) : (
          <dl>
            {data.balances.map((b) => (
              <FigureLine key={b.currency_code} label={b.currency_code}>
                {formatMoneyFixed(b.on_hand)}
              </FigureLine>
            ))}
          </dl>
        )}
      </FigureCard>
      <FigureCard
        testId="figure-stock"
        title={t('reports.dashboard.stock.title')}
        icon={Boxes}
        tone="violet"
        value={formatMoneyFixed(data.stock_value_uzs)}
        unit="UZS"
        to={link(paths.reports.stockMovement)}
        linkLabel={t('reports.stockMovement.title')}
      >
        <p className="text-slate-500">{t('reports.dashboard.stock.note')}</p>
      </FigureCard>
      <FigureCard
        testId="figure-sales"
        title={t('reports.sales.title')}
        icon={TrendingUp}
        tone="emerald"
        value={formatMoneyFixed(data.sales.revenue_uzs)}
        unit="UZS"
        to={link(paths.reports.sales)}
        linkLabel={t('reports.dashboard.sales.link')}
      >
        <dl>
          <FigureLine label={t('reports.dashboard.sales.cost')}>
            {formatMoneyFixed(data.sales.cogs_uzs)}
          </FigureLine>
          <FigureLine label={t('reports.dashboard.sales.margin')}>
            <SignedMoney value={data.sales.margin_uzs} />
          </FigureLine>
          <FigureLine label={t('reports.sales.column.marginPct')}>
            {data.sales.margin_pct === null ? '—' : formatPercent(data.sales.margin_pct)}
          </FigureLine>
        </dl>
      </FigureCard>
      <FigureCard
        testId="figure-offers"
        title={t('reports.dashboard.offers.title')}
        icon={Inbox}
        tone="amber"
        value={data.pending_offers}
        to={paths.income}
        linkLabel={t('reports.dashboard.offers.link')}
      >
        <p className="text-slate-500">{t('reports.dashboard.offers.note')}</p>
      </FigureCard>
    </div>
  );
}

/** The period day by day: money in and out, and sales. */
function DayCharts({ data, link }: BodyProps) {
  const t = useT();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ListCard
        testId="chart-flow"
        title={t('reports.dashboard.flow.title')}
        link={{ to: link(paths.reports.cashFlow), label: t('reports.dashboard.reportLink') }}
      >
        <LazyDayBarsChart
          label={t('reports.dashboard.flow.chartLabel')}
          series={FLOW_SERIES.map((s) => ({ ...s, label: t(s.label) }))}
          points={data.series.map((d) => ({
            day: d.date,
            values: { inflow: d.inflow_uzs, outflow: d.outflow_uzs },
          }))}
        />
      </ListCard>
      <ListCard
        testId="chart-sales"
        title={t('reports.dashboard.salesChart.title')}
        link={{
          to: link(paths.reports.sales, { group_by: 'day' }),
          label: t('reports.dashboard.reportLink'),
        }}
      >
        <LazyDayBarsChart
          label={t('reports.dashboard.salesChart.label')}
          series={SALES_SERIES.map((s) => ({ ...s, label: t(s.label) }))}
          points={data.series.map((d) => ({ day: d.date, values: { sales: d.sales_uzs } }))}
        />
      </ListCard>
    </div>
  );
}

/** The overdue debts, each saying which way it goes (DESIGN.md section 16). */
function OverdueDebts({ data }: { data: Dashboard }) {
  const t = useT();
  return (
    <ListCard
      testId="overdue-debts"
      title={t('reports.dashboard.overdue.title')}
      link={{ to: `${paths.debts}?status=OVERDUE`, label: t('reports.dashboard.overdue.link') }}
    >
      {data.overdue_debts.length === 0 ? (
        <QuietEmpty>{t('reports.dashboard.overdue.empty')}</QuietEmpty>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {data.overdue_debts.map((d) => (
            <li
              key={`${d.counterparty}-${d.direction}-${d.currency_code}-${d.due_date}`}
              data-testid="overdue-debt"
              className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2"
            >
              <span className="min-w-0">
                <span className="font-medium text-slate-800">{d.counterparty}</span>{' '}
                <Badge tone={OVERDUE_TONES[d.direction]} className="whitespace-nowrap">
                  {t(OVERDUE_DIRECTIONS[d.direction])}
                </Badge>
              </span>
              <span className="text-slate-600 tabular-nums">
                {formatMoneyFixed(d.remaining)} {d.currency_code} · {formatDay(d.due_date)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}

function LowStock({ data, search, link }: BodyProps) {
  const t = useT();
  const quantity = useQuantityText();
  return (
    <ListCard
      testId="low-stock"
      title={t('reports.dashboard.lowStock.title')}
      link={{ to: link(paths.reports.stockMovement), label: t('reports.stockMovement.title') }}
    >
      {data.low_stock.length === 0 ? (
        <QuietEmpty>{t('reports.dashboard.lowStock.empty')}</QuietEmpty>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {data.low_stock.map((row) => (
            <li key={`${row.variant.id}-${row.department.id}`} data-testid="low-stock-row">
              <Link
                to={link(paths.reports.stockMovement, {
                  variant: String(row.variant.id),
                  // The row's department, for those who may choose one (others have only their own).
                  ...(search.wholeBusiness ? { department: String(row.department.id) } : {}),
                })}
                className="-mx-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg px-2 py-2 hover:bg-slate-50"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-800">{row.variant.label}</span>
                  <span className="block truncate text-xs text-slate-500">
                    <span className="font-mono">{row.variant.sku}</span> · {row.department.email}
                  </span>
                </span>
                <Badge tone={isEmpty(row.qty_on_hand) ? 'red' : 'amber'}>
                  <span className="tabular-nums">
                    {quantity(row.qty_on_hand, row.variant.unit)} / {quantity(row.min_qty, row.variant.unit)}
                  </span>
                </Badge>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}
