import { D, formatMoneyFixed, type UnitMeasure } from '@app/shared';
import { Tag } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { LabelsDialog } from '../../../components/LabelsDialog.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type EntryOrdering, useStockEntries } from '../api/stock-entries.ts';
import { type ExitOrdering, useStockExits } from '../api/stock-exits.ts';
import { LocationFilter } from '../components/LocationFilter.tsx';
import { SortableHeader } from '../components/SortableHeader.tsx';
import { StockForm, type StockKind } from '../components/StockForm.tsx';
import { STOCK_TYPE_LABELS } from '../lib/stock-types.ts';
import { useStockListState } from '../lib/use-stock-list.ts';

// Buy and Sell are one page configured by kind (DESIGN.md section 15): a page of entries or exits
// (DESIGN.md section 16), the location filter, and the form that adds one (spec.md section 2).

/** What a row shows, whichever list it comes from. */
interface StockRow {
  id: number;
  department: number;
  variant: { id: number; label: string; sku: string; unit: UnitMeasure | null };
  currency_code: string;
  type: keyof typeof STOCK_TYPE_LABELS;
  location: string;
  created_at: string;
}

type Quantity = (qty: string, unit: UnitMeasure | null) => string;

/** A column between the variant and the currency: its header and its cell. */
interface MiddleColumn<R> {
  label: MessageKey;
  /** The server's ordering field when the column sorts. */
  sort?: string;
  cell: (row: R, quantity: Quantity) => ReactNode;
}

interface PageKind<R extends StockRow = StockRow> {
  titleKey: MessageKey;
  newKey: MessageKey;
  loadErrorKey: MessageKey;
  emptyKey: MessageKey;
  departmentKey: MessageKey;
  rowTestId: string;
  middle: MiddleColumn<R>[];
  /** How many labels a row's lot wants (DESIGN.md section 18: an entry's, its quantity); none without. */
  labelCopies?: (row: R) => string;
  /** The list's query; the ordering is always one of the kind's sortable fields (or created_at). */
  useList: (
    ordering: string,
    location: string,
    page: number,
  ) => {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    data?: { count: number; results: R[] } | undefined;
  };
}

/** A kind's columns read its own rows: the page hands each cell a row of the list it loaded. */
const pageKind = <R extends StockRow>(kind: PageKind<R>) => kind as unknown as PageKind;

const PAGE_KINDS: Record<StockKind, PageKind> = {
  // /buy, Ta'minotchi only (spec.md section 2, Buy): my receipts, sortable by quantity, cost and date.
  entry: pageKind<StockRow & { qty_received: string; qty_remaining: string; unit_cost: string }>({
    titleKey: 'inventory.entries.title',
    newKey: 'inventory.entries.new',
    loadErrorKey: 'inventory.entries.loadError',
    emptyKey: 'inventory.entries.empty',
    departmentKey: 'inventory.entries.user',
    rowTestId: 'entry-row',
    middle: [
      {
        label: 'inventory.entries.qty',
        sort: 'qty_received',
        cell: (r, qty) => qty(r.qty_received, r.variant.unit),
      },
      { label: 'inventory.entries.remaining', cell: (r, qty) => qty(r.qty_remaining, r.variant.unit) },
      { label: 'inventory.entries.unitCost', sort: 'unit_cost', cell: (r) => formatMoneyFixed(r.unit_cost) },
    ],
    // A label per unit received; a weighed lot's part rounds up (the person may change it).
    labelCopies: (r) => new D(r.qty_received).ceil().toFixed(0),
    useList: (ordering, location, page) => useStockEntries(ordering as EntryOrdering, location, page),
  }),
  // /sell, Bozorchi only (spec.md section 2, Sell): my issues.
  exit: pageKind<StockRow & { qty_issued: string; unit_price: string | null }>({
    titleKey: 'inventory.exits.title',
    newKey: 'inventory.exits.new',
    loadErrorKey: 'inventory.exits.loadError',
    emptyKey: 'inventory.exits.empty',
    departmentKey: 'inventory.exits.department',
    rowTestId: 'exit-row',
    middle: [
      {
        label: 'inventory.exits.qtyIssued',
        sort: 'qty_issued',
        cell: (r, qty) => qty(r.qty_issued, r.variant.unit),
      },
      {
        label: 'inventory.exits.unitPrice',
        sort: 'unit_price',
        cell: (r) => (r.unit_price === null ? '—' : formatMoneyFixed(r.unit_price)),
      },
    ],
    useList: (ordering, location, page) => useStockExits(ordering as ExitOrdering, location, page),
  }),
};

/** /buy: the stock entries. */
export function BuyPage() {
  return <StockPage kind="entry" />;
}

/** /sell: the stock exits. */
export function SellPage() {
  return <StockPage kind="exit" />;
}

function StockPage({ kind }: { kind: StockKind }) {
  const config = PAGE_KINDS[kind];
  const t = useT();
  const [formOpen, setFormOpen] = useState(false);
  const list = useStockListState<string>('-created_at');
  const query = config.useList(list.ordering, list.location, list.page);
  const totalPages = list.totalPages(query.data?.count);

  return (
    <div>
      <PageHeader
        title={t(config.titleKey)}
        actions={<Button onClick={() => setFormOpen(true)}>{t(config.newKey)}</Button>}
      />
      <div className="mb-4">
        <LocationFilter value={list.location} onChange={list.onLocation} />
      </div>
      {query.isError ? <ErrorMessage className="mb-4">{t(config.loadErrorKey)}</ErrorMessage> : null}
      <Table caption={t(config.titleKey)}>
        <StockHead config={config} ordering={list.ordering} onOrdering={list.onOrdering} />
        <StockBody config={config} query={query} rowNumber={list.rowNumber} />
      </Table>
      {totalPages > 1 ? (
        <Pagination
          className="mt-4"
          page={list.page}
          totalPages={totalPages}
          onPageChange={list.setPage}
          disabled={query.isFetching}
        />
      ) : null}
      <StockForm kind={kind} open={formOpen} onClose={() => setFormOpen(false)} />
    </div>
  );
}

function StockHead({
  config,
  ordering,
  onOrdering,
}: {
  config: PageKind;
  ordering: string;
  onOrdering: (ordering: string) => void;
}) {
  const t = useT();
  const header = { ordering, onOrdering };
  return (
    <THead>
      <tr>
        <TH>#</TH>
        <TH>{t(config.departmentKey)}</TH>
        <TH>{t('inventory.table.variant')}</TH>
        {config.middle.map((column) =>
          column.sort ? (
            <SortableHeader key={column.label} field={column.sort} numeric {...header}>
              {t(column.label)}
            </SortableHeader>
          ) : (
            <TH key={column.label} align="right">
              {t(column.label)}
            </TH>
          ),
        )}
        <TH>{t('inventory.table.currency')}</TH>
        <TH>{t('inventory.table.type')}</TH>
        <TH>{t('inventory.table.location')}</TH>
        <SortableHeader field="created_at" {...header}>
          {t('inventory.table.created')}
        </SortableHeader>
        {config.labelCopies ? (
          <TH>
            <span className="sr-only">{t('common.labels.forEntry')}</span>
          </TH>
        ) : null}
      </tr>
    </THead>
  );
}

function StockBody({
  config,
  query,
  rowNumber,
}: {
  config: PageKind;
  query: { isPending: boolean; data?: { results: StockRow[] } | undefined };
  rowNumber: (index: number) => number;
}) {
  const t = useT();
  const quantity = useQuantityText();
  const [labelsFor, setLabelsFor] = useState<{ variant: number; copies: string } | null>(null);
  const rows = query.data?.results;
  // #, department, variant, the kind's own columns, currency, type, location, created (labels).
  const columnCount = config.middle.length + 7 + (config.labelCopies ? 1 : 0);
  const labelCopies = config.labelCopies;
  return (
    <TBody>
      {query.isPending ? (
        <TableMessageRow colSpan={columnCount}>{t('inventory.loading')}</TableMessageRow>
      ) : !rows?.length ? (
        <TableMessageRow colSpan={columnCount}>{t(config.emptyKey)}</TableMessageRow>
      ) : (
        rows.map((row, i) => (
          <TR key={row.id} data-testid={config.rowTestId}>
            <TD numeric align="left">
              {rowNumber(i)}
            </TD>
            <TD numeric align="left">
              {row.department}
            </TD>
            <TD>
              <div className="font-medium text-slate-800">{row.variant.label}</div>
              <div className="font-mono text-xs text-slate-500">{row.variant.sku}</div>
            </TD>
            {config.middle.map((column) => (
              <TD key={column.label} numeric>
                {column.cell(row, quantity)}
              </TD>
            ))}
            <TD>{row.currency_code}</TD>
            <TD>{t(STOCK_TYPE_LABELS[row.type])}</TD>
            <TD>{row.location || '—'}</TD>
            <TD>{formatDateTime(row.created_at)}</TD>
            {labelCopies ? (
              <TD>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Tag aria-hidden="true" className="h-4 w-4" />}
                  onClick={() => setLabelsFor({ variant: row.variant.id, copies: labelCopies(row) })}
                >
                  {t('common.labels.forEntry')}
                </Button>
              </TD>
            ) : null}
          </TR>
        ))
      )}
      {labelsFor ? (
        <LabelsDialog
          variants={[labelsFor.variant]}
          copies={labelsFor.copies}
          open
          onClose={() => setLabelsFor(null)}
        />
      ) : null}
    </TBody>
  );
}
