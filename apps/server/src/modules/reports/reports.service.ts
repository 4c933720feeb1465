import {
  businessDay,
  type CashFlowQuery,
  type CashFlowReport,
  D,
  type Dashboard,
  type DashboardQuery,
  fixedMoney,
  fixedQuantity,
  type Language,
  type Message,
  msg,
  type ReportFormat,
  type SalesQuery,
  type SalesReport,
  type StockMovementQuery,
  type StockMovementReport,
  seesWholeBusiness,
  type TxType,
} from '@app/shared';
import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { cursorBatches } from '../../lib/cursor.ts';
import { fieldError, forbidden } from '../../lib/errors.ts';
import { countedPage, parsePage } from '../../lib/pagination.ts';
import {
  type FileAnswer,
  type FileColumn,
  type FileText,
  type ReportFile,
  reportFile,
  TX_TYPE_WORDS,
} from '../../lib/report-files.ts';
import { overdueDebts } from '../debts/debts.service.ts';
import {
  type CashFlowDbRow,
  type CashFlowOptions,
  cashFlowRows,
  cashFlowTotals,
} from './cash-flow.repository.ts';
import * as dashboardRepo from './dashboard.repository.ts';
import * as repo from './reports.repository.ts';
import { type SalesDbRow, salesRows, salesTotals } from './sales.repository.ts';
import {
  type StockMovementDbRow,
  stockMovementRows,
  stockMovementTotalsOf,
} from './stock-movement.repository.ts';

// Reports and the owner's dashboard (DESIGN.md section 11). Viewers of the whole business choose
// a department or all; everyone else is fixed to their own (another department is 403).

type Period = {
  date_from?: string | undefined;
  date_to?: string | undefined;
  department?: number | undefined;
};

interface Scope extends repo.ReportScope {
  /** The department's e-mail, for the files' subtitles. */
  departmentEmail: string | null;
}

/** The period (by default this month up to today) and the department the figures are for. */
export async function resolveScope(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  query: Period,
): Promise<Scope> {
  const today = businessDay(deps.clock());
  const to = query.date_to ?? (query.date_from && query.date_from > today ? query.date_from : today);
  const from = query.date_from ?? `${to.slice(0, 8)}01`;
  if (from > to) throw fieldError('date_to', msg('validation.audit.date_from_must_not_after'));
  const wanted = query.department;
  if (!seesWholeBusiness(actor.role) && wanted !== undefined && wanted !== actor.id) throw forbidden();
  const departmentId = seesWholeBusiness(actor.role) ? (wanted ?? null) : actor.id;
  let departmentEmail: string | null = null;
  if (departmentId !== null) {
    const department = await repo.findDepartment(deps.db, actor.businessId, departmentId);
    if (!department) throw fieldError('department', msg('errors.invalid_pk', { id: departmentId }));
    departmentEmail = department.email;
  }
  return { businessId: actor.businessId, departmentId, departmentEmail, from, to };
}

export interface Paged<R> {
  page: number;
  lastPage: number;
  count: number;
  rows: R[];
}

/**
 * One page of a report's rows (their count comes with them, from the same statement). A report
 * that can cut its page sooner than its last step takes the window itself.
 */
export async function pageOfRows<R extends { total_count: number }>(
  db: Database,
  rows: RawBuilder<R> | ((window: repo.RowWindow) => RawBuilder<R>),
  rawPage: string | undefined,
  size: number,
): Promise<Paged<R>> {
  const page = parsePage(rawPage);
  const window = { limit: size, offset: (page - 1) * size };
  const statement =
    typeof rows === 'function'
      ? rows(window)
      : sql<R>`SELECT * FROM (${rows}) r LIMIT ${window.limit} OFFSET ${window.offset}`;
  const { rows: found } = await statement.execute(db);
  return countedPage(found, page, size);
}

/** A file's filters (DESIGN.md section 16: in the reader's language): the period, the department, `parts`. */
export const subtitle = (scope: Scope, ...parts: FileText[]): FileText[] => [
  `${scope.from} — ${scope.to}`,
  msg('export.reports.department_is', {
    department: scope.departmentEmail ?? msg('export.reports.whole_business'),
  }),
  ...parts,
];

export type FileFormat = Exclude<ReportFormat, 'json'>;
export type ReportAnswer<T> =
  | { kind: 'json'; body: T; paging: Paged<unknown> }
  | { kind: 'file'; file: (language: Language) => FileAnswer };

/** A report asked for as a file (DESIGN.md section 11): every report's file answer is built here. */
export function fileAnswer<R>(
  format: ReportFormat,
  file: ReportFile<R>,
): { kind: 'file'; file: (language: Language) => FileAnswer } {
  // Written in the reader's language at the edge (lib/send-report.ts), DESIGN.md section 16.
  return { kind: 'file', file: (language) => reportFile(format as FileFormat, file, language) };
}

/** A period report's JSON page: its count and period first, then the report's results and totals. */
export function periodPage<P extends Paged<unknown>, B>(scope: Scope, paging: P, body: B) {
  return {
    kind: 'json' as const,
    paging,
    body: { count: paging.count, date_from: scope.from, date_to: scope.to, ...body },
  };
}

// ---------------------------------------------------------------- sales

const SALES_KEY_HEADERS: Record<SalesQuery['group_by'], Message> = {
  product: msg('export.reports.product'),
  variant: msg('export.reports.variant'),
  department: msg('export.reports.department'),
  day: msg('export.reports.date'),
};

function salesColumns(groupBy: SalesQuery['group_by']): FileColumn<SalesDbRow>[] {
  return [
    { header: SALES_KEY_HEADERS[groupBy], kind: 'text', value: (r) => r.label, width: 3 },
    { header: msg('export.reports.qty'), kind: 'quantity', value: (r) => r.qty },
    { header: msg('export.reports.revenue_uzs'), kind: 'money', value: (r) => r.revenue_uzs },
    { header: msg('export.reports.cogs_uzs'), kind: 'money', value: (r) => r.cogs_uzs },
    { header: msg('export.reports.margin_uzs'), kind: 'money', value: (r) => r.margin_uzs },
    { header: msg('export.reports.margin_pct'), kind: 'percent', value: (r) => r.margin_pct },
  ];
}

export async function salesReport(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  query: SalesQuery,
): Promise<ReportAnswer<Omit<SalesReport, 'next' | 'previous'>>> {
  const scope = await resolveScope(deps, actor, query);
  const ordering = query.ordering ?? (query.group_by === 'day' ? 'key' : '-revenue_uzs');
  const rows = (window?: repo.RowWindow) => salesRows(scope, query.group_by, ordering, window);
  if (query.format !== 'json') {
    return fileAnswer(query.format, {
      name: `savdo-${scope.from}_${scope.to}`,
      title: msg('export.reports.sales_title'),
      subtitle: subtitle(scope, msg('export.reports.group_is', { group: SALES_KEY_HEADERS[query.group_by] })),
      columns: salesColumns(query.group_by),
      batches: cursorBatches(deps.db, rows()),
      totals: async () => {
        const [t, unit] = await Promise.all([
          salesTotals(deps.db, scope),
          repo.totalsUnit(deps.db, scope.businessId),
        ]);
        // No total across different units (DESIGN.md section 16), in a file as on the page.
        return [null, unit ? t.qty : null, t.revenue_uzs, t.cogs_uzs, t.margin_uzs, t.margin_pct];
      },
    });
  }
  const [paging, totals, unit] = await Promise.all([
    pageOfRows(deps.db, rows, query.page, query.page_size),
    salesTotals(deps.db, scope),
    repo.totalsUnit(deps.db, scope.businessId),
  ]);
  return periodPage(scope, paging, {
    // A department's or a day's quantity has its product's unit when the business has one unit.
    results: paging.rows.map(({ total_count: _, ...row }) => ({ ...row, unit: row.unit ?? unit })),
    totals: { ...totals, unit },
  });
}

// ---------------------------------------------------------------- stock movement

const STOCK_COLUMNS: FileColumn<StockMovementDbRow>[] = [
  { header: msg('export.reports.sku'), kind: 'text', value: (r) => r.sku },
  { header: msg('export.reports.variant'), kind: 'text', value: (r) => r.label, width: 3 },
  { header: msg('export.reports.opening_qty'), kind: 'quantity', value: (r) => r.opening_qty },
  { header: msg('export.reports.in'), kind: 'quantity', value: (r) => r.in_qty },
  { header: msg('export.reports.out'), kind: 'quantity', value: (r) => r.out_qty },
  { header: msg('export.reports.closing_qty'), kind: 'quantity', value: (r) => r.closing_qty },
  { header: msg('export.reports.closing_value_uzs'), kind: 'money', value: (r) => r.closing_value_uzs },
];

export async function stockMovementReport(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  query: StockMovementQuery,
): Promise<ReportAnswer<Omit<StockMovementReport, 'next' | 'previous'>>> {
  const scope = await resolveScope(deps, actor, query);
  const rows = (window?: repo.RowWindow) =>
    stockMovementRows(scope, query.variant, query.ordering ?? 'label', window);
  if (query.format !== 'json') {
    // Every row carries the totals: the file's last line takes them from the last row it wrote.
    let last: StockMovementDbRow | undefined;
    async function* remembered() {
      for await (const batch of cursorBatches(deps.db, rows())) {
        last = batch.at(-1) ?? last;
        yield batch;
      }
    }
    return fileAnswer(query.format, {
      name: `ombor-harakati-${scope.from}_${scope.to}`,
      title: msg('export.reports.stock_title'),
      subtitle: subtitle(scope),
      columns: STOCK_COLUMNS,
      batches: remembered(),
      totals: async () => {
        const t = stockMovementTotalsOf(last);
        // No total across different units (DESIGN.md section 16), in a file as on the page.
        const qty = (await repo.totalsUnit(deps.db, scope.businessId))
          ? [t.opening_qty, t.in_qty, t.out_qty, t.closing_qty]
          : [null, null, null, null];
        return [null, null, ...qty, t.closing_value_uzs];
      },
    });
  }
  const [paging, unit] = await Promise.all([
    pageOfRows(deps.db, rows, query.page, query.page_size),
    repo.totalsUnit(deps.db, scope.businessId),
  ]);
  return periodPage(scope, paging, {
    results: paging.rows.map((r) => ({
      variant: { id: r.variant_id, sku: r.sku, label: r.label, product_name: r.product_name, unit: r.unit },
      opening_qty: r.opening_qty,
      in_qty: r.in_qty,
      out_qty: r.out_qty,
      closing_qty: r.closing_qty,
      closing_value_uzs: r.closing_value_uzs,
    })),
    totals: { ...stockMovementTotalsOf(paging.rows[0]), unit },
  });
}

// ---------------------------------------------------------------- cash flow

/** The cash flow's periods in the files' words. */
const CASH_FLOW_PERIODS: Record<CashFlowQuery['group_by'], Message> = {
  day: msg('export.reports.day'),
  week: msg('export.reports.week'),
  month: msg('export.reports.month'),
};

const txTypeWord = (r: CashFlowDbRow): FileText =>
  r.tx_type ? (TX_TYPE_WORDS[r.tx_type as TxType] ?? r.tx_type) : '';

function cashFlowColumns(byType: boolean): FileColumn<CashFlowDbRow>[] {
  return [
    { header: msg('export.reports.period'), kind: 'text', value: (r) => r.period },
    { header: msg('export.reports.currency'), kind: 'text', value: (r) => r.currency_code },
    ...(byType ? [{ header: msg('export.reports.type'), kind: 'text' as const, value: txTypeWord }] : []),
    { header: msg('export.reports.in'), kind: 'money', value: (r) => r.inflow },
    { header: msg('export.reports.out'), kind: 'money', value: (r) => r.outflow },
    { header: msg('export.reports.net'), kind: 'money', value: (r) => r.net },
    { header: msg('export.reports.closing_qty'), kind: 'money', value: (r) => r.closing },
  ];
}

export async function cashFlowReport(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  query: CashFlowQuery,
): Promise<ReportAnswer<Omit<CashFlowReport, 'next' | 'previous'>>> {
  const scope = await resolveScope(deps, actor, query);
  const options: CashFlowOptions = {
    currencyId: query.currency,
    grain: query.group_by,
    byType: query.by_type,
    descending: query.ordering === '-period',
  };
  const rows = cashFlowRows(scope, options);
  if (query.format !== 'json') {
    return fileAnswer(query.format, {
      name: `pul-oqimi-${scope.from}_${scope.to}`,
      title: msg('export.reports.cash_flow_title'),
      subtitle: subtitle(
        scope,
        msg('export.reports.period_is', { period: CASH_FLOW_PERIODS[query.group_by] }),
      ),
      columns: cashFlowColumns(query.by_type),
      batches: cursorBatches(deps.db, rows),
    });
  }
  const [paging, totals] = await Promise.all([
    pageOfRows(deps.db, rows, query.page, query.page_size),
    cashFlowTotals(deps.db, scope, options),
  ]);
  return periodPage(scope, paging, {
    results: paging.rows.map(({ total_count: _, tx_type, ...row }) => ({
      ...row,
      ...(query.by_type && tx_type ? { tx_type: tx_type as never } : {}),
    })),
    totals,
  });
}

// ---------------------------------------------------------------- dashboard

/** The low-stock list's length on the dashboard. */
const LOW_STOCK_SHOWN = 20;
/** The overdue debts' list length on the dashboard. */
const OVERDUE_SHOWN = 20;

export async function dashboard(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  query: DashboardQuery,
): Promise<Dashboard> {
  const scope = await resolveScope(deps, actor, query);
  const debtViewer = {
    businessId: scope.businessId,
    departmentId: scope.departmentId,
    today: businessDay(deps.clock()),
  };
  const [balances, stockValue, sales, pending, low, series, overdue] = await Promise.all([
    dashboardRepo.moneyOnHand(deps.db, scope),
    dashboardRepo.stockValue(deps.db, scope),
    salesTotals(deps.db, scope),
    dashboardRepo.pendingOffers(deps.db, scope),
    dashboardRepo.lowStock(deps.db, scope, LOW_STOCK_SHOWN),
    dashboardRepo.dailySeries(deps.db, scope),
    overdueDebts(deps.db, debtViewer, OVERDUE_SHOWN),
  ]);
  return {
    date_from: scope.from,
    date_to: scope.to,
    balances,
    total_in_uzs: fixedMoney(balances.reduce((sum, b) => sum.plus(b.in_uzs), new D(0))),
    stock_value_uzs: stockValue,
    sales: {
      revenue_uzs: sales.revenue_uzs,
      cogs_uzs: sales.cogs_uzs,
      margin_uzs: sales.margin_uzs,
      margin_pct: sales.margin_pct,
    },
    pending_offers: pending,
    low_stock: low.map((r) => ({
      variant: { id: r.variant_id, sku: r.sku, label: r.label, product_name: r.product_name, unit: r.unit },
      department: { id: r.department_id, email: r.email },
      qty_on_hand: fixedQuantity(r.qty_on_hand),
      min_qty: fixedQuantity(r.min_qty),
    })),
    overdue_debts: overdue,
    series,
  };
}
