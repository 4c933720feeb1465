import { D, formatMoneyFixed, LOSS_KINDS, type LossesReport, type LossKind, type LossRow } from '@app/shared';
import { generatePath, Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { TD } from '../../../components/ui/Table.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { downloadReport } from '../api/download-report.ts';
import { type LossesFilters, useLossesReport } from '../api/losses.ts';
import { type ReportColumn, ReportShell, ReportTable } from '../components/ReportPage.tsx';
import { pickOption, pickPage } from '../report-params.ts';
import { useReportSearch } from '../use-report-search.ts';

type Quantity = ReturnType<typeof useQuantityText>;
const FIGURE = { align: 'right', numeric: true } as const;

interface KindLook {
  /** The kind's total's and filter's words (plural), and a row's badge (one). */
  label: MessageKey;
  badge: MessageKey;
  tone: BadgeTone;
  total: keyof LossesReport['totals'];
}

const KINDS: Record<LossKind, KindLook> = {
  SHIFT_DIFF: {
    label: 'reports.losses.kind.shiftDiff',
    badge: 'reports.losses.badge.shiftDiff',
    tone: 'amber',
    total: 'shift_diff_uzs',
  },
  TRANSIT_LOSS: {
    label: 'reports.losses.kind.transitLoss',
    badge: 'reports.losses.badge.transitLoss',
    tone: 'violet',
    total: 'transit_loss_uzs',
  },
  STOCK_COUNT: {
    label: 'reports.losses.kind.stockCount',
    badge: 'reports.losses.badge.stockCount',
    tone: 'blue',
    total: 'stock_count_uzs',
  },
};

/** A signed figure: a shortage red, a surplus green with its plus. */
function Signed({ value, className }: { value: string; className?: string }) {
  const n = new D(value);
  return (
    <span className={cn(n.lt(0) ? 'text-red-700' : n.gt(0) ? 'text-emerald-700' : undefined, className)}>
      {n.gt(0) ? '+' : ''}
      {formatMoneyFixed(value)}
    </span>
  );
}

/** Where a row comes from: the shift's card, the offer, or the stock count. */
function SourceLink({ row }: { row: LossRow }) {
  const t = useT();
  const id = String(row.source.id);
  const [to, text] =
    row.kind === 'SHIFT_DIFF'
      ? [
          generatePath(paths.shiftCard, { id }),
          t('reports.losses.shiftNumber', { number: row.source.number }),
        ]
      : row.kind === 'TRANSIT_LOSS'
        ? [generatePath(paths.offer, { id }), row.source.number]
        : [generatePath(paths.document.stockCount, { id }), row.source.number];
  return (
    <Link to={to} className="inline-block min-w-max font-medium text-brand-700 hover:underline">
      {text}
    </Link>
  );
}

function lossColumns(t: Translate, quantity: Quantity): ReportColumn<LossRow>[] {
  return [
    {
      key: 'date',
      label: t('reports.losses.column.date'),
      className: 'whitespace-nowrap',
      cell: (row) => formatDate(row.date),
    },
    {
      key: 'kind',
      label: t('reports.losses.column.kind'),
      cell: (row) => (
        <>
          <Badge tone={KINDS[row.kind].tone} className="whitespace-nowrap">
            {t(KINDS[row.kind].badge)}
          </Badge>
          <span className="mt-1 block text-xs">
            <SourceLink row={row} />
          </span>
        </>
      ),
    },
    {
      key: 'department',
      label: t('reports.losses.column.department'),
      cell: (row) => (
        <span className="block max-w-44 break-words whitespace-normal">
          <span className="block font-medium text-slate-900">{row.department.name}</span>
          {row.department.name === row.department.email ? null : (
            <span className="block text-xs text-slate-500">{row.department.email}</span>
          )}
        </span>
      ),
    },
    {
      key: 'variant',
      label: t('reports.losses.column.variant'),
      cell: (row) =>
        row.variant ? (
          <>
            <span className="block w-40 font-medium break-words whitespace-normal text-slate-900 lg:w-56">
              {row.variant.label}
            </span>
            <span className="block font-mono text-xs text-slate-500">{row.variant.sku}</span>
          </>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    {
      key: 'qty',
      label: t('reports.losses.column.qty'),
      ...FIGURE,
      cell: (row) => (row.qty !== null && row.variant ? quantity(row.qty, row.variant.unit) : '—'),
    },
    {
      key: 'amount_uzs',
      label: t('reports.losses.column.amountUzs'),
      title: t('reports.losses.column.amountHint'),
      ...FIGURE,
      cell: (row) => (
        <>
          <Signed value={row.amount_uzs} className="block font-medium whitespace-nowrap" />
          {/* A difference in another currency: its own amount under the UZS one. */}
          {row.amount !== null && row.currency_code && row.currency_code !== 'UZS' ? (
            <span className="block text-xs whitespace-nowrap text-slate-500">
              {formatMoneyFixed(row.amount)} {row.currency_code}
            </span>
          ) : null}
        </>
      ),
    },
  ];
}

/** The kinds' totals side by side, each a filter; the last the total of all. */
function KindTotals({
  totals,
  kind,
  onKind,
}: {
  totals: LossesReport['totals'] | undefined;
  kind: LossKind | undefined;
  onKind: (kind: LossKind | undefined) => void;
}) {
  const t = useT();
  const cards: Array<{ key: LossKind | undefined; label: string; value: string | undefined }> = [
    ...LOSS_KINDS.map((k) => ({ key: k, label: t(KINDS[k].label), value: totals?.[KINDS[k].total] })),
    { key: undefined, label: t('reports.losses.total'), value: totals?.total_uzs },
  ];
  return (
    <section aria-label={t('reports.losses.summaryLabel')} className="space-y-2">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.key ?? 'all'}>
            <button
              type="button"
              aria-pressed={kind === card.key}
              data-testid={`losses-total-${card.key ?? 'all'}`}
              onClick={() => onKind(card.key)}
              className={cn(
                'flex h-full w-full flex-col rounded-xl border bg-white p-4 text-left shadow-xs transition hover:border-brand-300',
                kind === card.key ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200',
              )}
            >
              <span className="text-sm font-medium text-slate-500">{card.label}</span>
              <span className="mt-1 text-lg font-semibold tabular-nums sm:text-xl">
                {card.value === undefined ? '…' : <Signed value={card.value} />}{' '}
                <span className="text-xs font-normal text-slate-500">UZS</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">{t('reports.losses.signHint')}</p>
    </section>
  );
}

/** The total of what the table shows: one kind's, or all. */
function LossTotals({ totals, kind }: { totals: LossesReport['totals']; kind: LossKind | undefined }) {
  const t = useT();
  const value = kind ? totals[KINDS[kind].total] : totals.total_uzs;
  return (
    <tr data-testid="report-totals">
      <TD colSpan={5}>
        {kind ? `${t('reports.table.total')}: ${t(KINDS[kind].label)}` : t('reports.table.total')}
      </TD>
      <TD numeric data-testid="report-total-uzs">
        <Signed value={value} className="font-semibold" />
      </TD>
    </tr>
  );
}

/**
 * /reports/losses (DESIGN.md sections 11 and 22): the shifts' differences, transit losses and
 * stock-count variances in one list in UZS, with each kind's total side by side and in all.
 */
export function LossesPage() {
  const t = useT();
  const quantity = useQuantityText();
  const search = useReportSearch();
  const kind = pickOption(search.params.get('kind'), LOSS_KINDS, undefined);
  const page = pickPage(search.params.get('page'));
  const filters: LossesFilters = { ...search.scope, ...(kind ? { kind } : {}) };
  const report = useLossesReport(filters, page);
  const setKind = (next: LossKind | undefined) => search.update({ kind: next ?? '' });
  const kindSelect = (
    <Select
      label={t('reports.losses.kind')}
      className="w-full sm:w-56"
      value={kind ?? ''}
      onChange={(e) => setKind((e.target.value || undefined) as LossKind | undefined)}
      options={[
        { value: '', label: t('reports.losses.kind.all') },
        ...LOSS_KINDS.map((k) => ({ value: k, label: t(KINDS[k].label) })),
      ]}
    />
  );
  return (
    <ReportShell asOf={report.data?.data_as_of} search={search} filters={kindSelect}>
      <KindTotals totals={report.data?.totals} kind={kind} onKind={setKind} />
      <ReportTable
        search={search}
        label={t('reports.losses.tableLabel')}
        title={t('reports.losses.title')}
        query={report}
        page={page}
        ordering={undefined}
        columns={lossColumns(t, quantity)}
        rowKey={(row) => row.key}
        totals={(data) => <LossTotals totals={data.totals} kind={kind} />}
        onDownload={(format) => downloadReport('reports/losses/', filters, format, 'yoqotishlar')}
      />
    </ReportShell>
  );
}
