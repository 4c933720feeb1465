import { formatMoneyFixed } from '@app/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type EntryOrdering, useStockEntries } from '../api/stock-entries.ts';
import { LocationFilter } from '../components/LocationFilter.tsx';
import { SortableHeader } from '../components/SortableHeader.tsx';
import { StockEntryForm } from '../components/StockEntryForm.tsx';
import { STOCK_TYPE_LABELS } from '../lib/stock-types.ts';
import { useStockListState } from '../lib/use-stock-list.ts';

const COLUMN_COUNT = 10;

/** /buy, Ta'minotchi only (spec.md section 2, Buy): my receipts, sortable by quantity, cost and date. */
export function BuyPage() {
  const t = useT();
  const quantity = useQuantityText();
  const [formOpen, setFormOpen] = useState(false);
  const list = useStockListState<EntryOrdering>('-created_at');
  const query = useStockEntries(list.ordering, list.location, list.page);
  const rows = query.data?.results;
  const totalPages = list.totalPages(query.data?.count);
  const header = { ordering: list.ordering, onOrdering: list.onOrdering };

  return (
    <div>
      <PageHeader
        title={t('inventory.entries.title')}
        actions={<Button onClick={() => setFormOpen(true)}>{t('inventory.entries.new')}</Button>}
      />
      <div className="mb-4">
        <LocationFilter value={list.location} onChange={list.onLocation} />
      </div>
      {query.isError ? (
        <ErrorMessage className="mb-4">{t('inventory.entries.loadError')}</ErrorMessage>
      ) : null}
      <Table caption={t('inventory.entries.title')}>
        <THead>
          <tr>
            <TH>#</TH>
            <TH>{t('inventory.entries.user')}</TH>
            <TH>{t('inventory.table.variant')}</TH>
            <SortableHeader field="qty_received" numeric {...header}>
              {t('inventory.entries.qty')}
            </SortableHeader>
            <TH align="right">{t('inventory.entries.remaining')}</TH>
            <SortableHeader field="unit_cost" numeric {...header}>
              {t('inventory.entries.unitCost')}
            </SortableHeader>
            <TH>{t('inventory.table.currency')}</TH>
            <TH>{t('inventory.table.type')}</TH>
            <TH>{t('inventory.table.location')}</TH>
            <SortableHeader field="created_at" {...header}>
              {t('inventory.table.created')}
            </SortableHeader>
          </tr>
        </THead>
        <TBody>
          {query.isPending ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>{t('inventory.loading')}</TableMessageRow>
          ) : !rows?.length ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>{t('inventory.entries.empty')}</TableMessageRow>
          ) : (
            rows.map((e, i) => (
              <TR key={e.id} data-testid="entry-row">
                <TD numeric align="left">
                  {list.rowNumber(i)}
                </TD>
                <TD numeric align="left">
                  {e.department}
                </TD>
                <TD>
                  <div className="font-medium text-slate-800">{e.variant.label}</div>
                  <div className="font-mono text-xs text-slate-500">{e.variant.sku}</div>
                </TD>
                <TD numeric>{quantity(e.qty_received, e.variant.unit)}</TD>
                <TD numeric>{quantity(e.qty_remaining, e.variant.unit)}</TD>
                <TD numeric>{formatMoneyFixed(e.unit_cost)}</TD>
                <TD>{e.currency_code}</TD>
                <TD>{t(STOCK_TYPE_LABELS[e.type])}</TD>
                <TD>{e.location || '—'}</TD>
                <TD>{formatDateTime(e.created_at)}</TD>
              </TR>
            ))
          )}
        </TBody>
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
      <StockEntryForm open={formOpen} onClose={() => setFormOpen(false)} />
    </div>
  );
}
