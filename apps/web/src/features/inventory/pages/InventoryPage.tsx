import { INVENTORY_DEFAULT_PAGE_SIZE, INVENTORY_PAGE_SIZES } from '@app/shared';
import { RefreshCw } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMyBalance } from '../api/my-balance.ts';
import { ColorCell } from '../components/ColorCell.tsx';
import { CopySkuButton } from '../components/CopySkuButton.tsx';
import { InventoryFilterBar } from '../components/InventoryFilterBar.tsx';
import {
  EMPTY_FILTERS,
  filterOptions,
  filterRows,
  type InventoryFilters,
  type InventorySort,
  type InventorySortKey,
  sortRows,
  toRows,
} from '../lib/inventory-table.ts';

const COLUMNS: Array<{ key: InventorySortKey; label: MessageKey; numeric?: boolean }> = [
  { key: 'product_code', label: 'inventory.balance.productCode' },
  { key: 'sku', label: 'inventory.balance.sku' },
  { key: 'color', label: 'inventory.balance.color' },
  { key: 'size', label: 'inventory.balance.size' },
  { key: 'qty_on_hand', label: 'inventory.balance.qty', numeric: true },
  { key: 'updated_at', label: 'inventory.balance.updated' },
];

/**
 * The list's state: filters, sort and page over the whole list, memoised and deferred so typing
 * stays smooth; only one page of rows is ever rendered.
 */
function useInventoryTable(balances: Parameters<typeof toRows>[0] | undefined) {
  const [filters, setFilters] = useState<InventoryFilters>(EMPTY_FILTERS);
  const [sort, setSort] = useState<InventorySort | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(INVENTORY_DEFAULT_PAGE_SIZE);

  const rows = useMemo(() => toRows(balances ?? []), [balances]);
  const options = useMemo(() => filterOptions(rows), [rows]);
  const deferredFilters = useDeferredValue(filters);
  const filtered = useMemo(() => filterRows(rows, deferredFilters), [rows, deferredFilters]);
  const sorted = useMemo(() => sortRows(filtered, sort), [filtered, sort]);

  const totalPages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, totalPages);
  const visible = sorted.slice((current - 1) * pageSize, current * pageSize);

  function changeFilters(next: InventoryFilters) {
    setFilters(next);
    setPage(1);
  }
  return {
    filters,
    options,
    sort,
    visible,
    total: sorted.length,
    current,
    totalPages,
    pageSize,
    setPage,
    changeFilters,
    reset: () => {
      changeFilters(EMPTY_FILTERS);
      setSort(null);
    },
    toggleSort: (key: InventorySortKey) => {
      setSort((s) =>
        s?.key === key
          ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' }
          : { key, direction: 'asc' },
      );
      setPage(1);
    },
    changePageSize: (size: number) => {
      setPageSize(size);
      setPage(1);
    },
  };
}

type InventoryTable = ReturnType<typeof useInventoryTable>;

/**
 * /inventory (spec.md section 2): the goods I am responsible for. Search, filters and sorting run
 * in memory over the whole list (up to 10,000 rows).
 */
export function InventoryPage() {
  const t = useT();
  const query = useMyBalance();
  const table = useInventoryTable(query.data);

  return (
    <div>
      <PageHeader
        title={t('inventory.balance.title')}
        actions={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
            loading={query.isFetching}
            onClick={() => query.refetch()}
          >
            {t('inventory.balance.refresh')}
          </Button>
        }
      />
      <InventoryFilterBar
        filters={table.filters}
        options={table.options}
        onChange={table.changeFilters}
        onReset={table.reset}
      />
      {query.isError ? (
        <ErrorMessage className="mb-4">
          {failureMessage(query.error, t('inventory.balance.loadError'))}
        </ErrorMessage>
      ) : null}
      <Table caption={t('inventory.balance.title')}>
        <THead>
          <tr>
            {COLUMNS.map((c) => (
              <TH
                key={c.key}
                align={c.numeric ? 'right' : 'left'}
                onSort={() => table.toggleSort(c.key)}
                sorted={table.sort?.key === c.key ? table.sort.direction : null}
              >
                {t(c.label)}
              </TH>
            ))}
          </tr>
        </THead>
        <InventoryBody pending={query.isPending} rows={table.visible} />
      </Table>
      <InventoryFooter table={table} />
    </div>
  );
}

function InventoryBody({ pending, rows }: { pending: boolean; rows: InventoryTable['visible'] }) {
  const t = useT();
  const quantity = useQuantityText();
  return (
    <TBody>
      {pending ? (
        <TableMessageRow colSpan={COLUMNS.length}>{t('inventory.loading')}</TableMessageRow>
      ) : rows.length === 0 ? (
        <TableMessageRow colSpan={COLUMNS.length}>{t('inventory.balance.empty')}</TableMessageRow>
      ) : (
        rows.map(({ balance: b }) => (
          <TR key={b.id} data-testid="inventory-row">
            <TD numeric align="left">
              {b.variant.product_code}
            </TD>
            <TD>
              <span className="inline-flex items-center gap-1 font-mono text-xs">
                {b.variant.sku}
                <CopySkuButton sku={b.variant.sku} />
              </span>
            </TD>
            <TD>
              <ColorCell name={b.variant.color_name} code={b.variant.color_code} />
            </TD>
            <TD>{b.variant.size_label ?? '—'}</TD>
            <TD numeric>{quantity(b.qty_on_hand, b.variant.unit)}</TD>
            <TD>{formatDateTime(b.updated_at)}</TD>
          </TR>
        ))
      )}
    </TBody>
  );
}

/** Rows per page, the count, and the pages. */
function InventoryFooter({ table }: { table: InventoryTable }) {
  const t = useT();
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <label className="flex items-center gap-2 text-sm text-slate-600">
        {t('inventory.balance.perPage')}
        <select
          aria-label={t('inventory.balance.pageSize')}
          value={table.pageSize}
          onChange={(e) => table.changePageSize(Number(e.target.value))}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
        >
          {INVENTORY_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <span className="tabular-nums">{t('inventory.balance.total', { count: String(table.total) })}</span>
      </label>
      <Pagination page={table.current} totalPages={table.totalPages} onPageChange={table.setPage} />
    </div>
  );
}
