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
import { type ExitOrdering, useStockExits } from '../api/stock-exits.ts';
import { LocationFilter } from '../components/LocationFilter.tsx';
import { SortableHeader } from '../components/SortableHeader.tsx';
import { StockExitForm } from '../components/StockExitForm.tsx';
import { STOCK_TYPE_LABELS } from '../lib/stock-types.ts';
import { useStockListState } from '../lib/use-stock-list.ts';

const COLUMN_COUNT = 9;

/** /sell, Bozorchi only (spec.md section 2, Sell): my issues. */
export function SellPage() {
  const t = useT();
  const quantity = useQuantityText();
  const [formOpen, setFormOpen] = useState(false);
  const list = useStockListState<ExitOrdering>('-created_at');
  const query = useStockExits(list.ordering, list.location, list.page);
  const rows = query.data?.results;
  const totalPages = list.totalPages(query.data?.count);
  const header = { ordering: list.ordering, onOrdering: list.onOrdering };

  return (
    <div>
      <PageHeader
        title={t('inventory.exits.title')}
        actions={<Button onClick={() => setFormOpen(true)}>{t('inventory.exits.new')}</Button>}
      />
      <div className="mb-4">
        <LocationFilter value={list.location} onChange={list.onLocation} />
      </div>
      {query.isError ? <ErrorMessage className="mb-4">{t('inventory.exits.loadError')}</ErrorMessage> : null}
      <Table caption={t('inventory.exits.title')}>
        <THead>
          <tr>
            <TH>#</TH>
            <TH>{t('inventory.exits.department')}</TH>
            <TH>{t('inventory.table.variant')}</TH>
            <SortableHeader field="qty_issued" numeric {...header}>
              {t('inventory.exits.qtyIssued')}
            </SortableHeader>
            <SortableHeader field="unit_price" numeric {...header}>
              {t('inventory.exits.unitPrice')}
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
            <TableMessageRow colSpan={COLUMN_COUNT}>{t('inventory.exits.empty')}</TableMessageRow>
          ) : (
            rows.map((x, i) => (
              <TR key={x.id} data-testid="exit-row">
                <TD numeric align="left">
                  {list.rowNumber(i)}
                </TD>
                <TD numeric align="left">
                  {x.department}
                </TD>
                <TD>
                  <div className="font-medium text-slate-800">{x.variant.label}</div>
                  <div className="font-mono text-xs text-slate-500">{x.variant.sku}</div>
                </TD>
                <TD numeric>{quantity(x.qty_issued, x.variant.unit)}</TD>
                <TD numeric>{x.unit_price === null ? '—' : formatMoneyFixed(x.unit_price)}</TD>
                <TD>{x.currency_code}</TD>
                <TD>{t(STOCK_TYPE_LABELS[x.type])}</TD>
                <TD>{x.location || '—'}</TD>
                <TD>{formatDateTime(x.created_at)}</TD>
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
      <StockExitForm open={formOpen} onClose={() => setFormOpen(false)} />
    </div>
  );
}
