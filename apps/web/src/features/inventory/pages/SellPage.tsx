import { formatMoneyFixed, STOCK_LIST_PAGE_SIZE } from '@app/shared';
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

const COLUMN_COUNT = 9;

/** /sell, Bozorchi only (spec.md section 2, Sell): my issues. */
export function SellPage() {
  const t = useT();
  const quantity = useQuantityText();
  const [ordering, setOrdering] = useState<ExitOrdering>('-created_at');
  const [formOpen, setFormOpen] = useState(false);
  const [location, setLocation] = useState('');
  // A page at a time (DESIGN.md section 16); another order or location starts again at page 1.
  const [page, setPage] = useState(1);
  const query = useStockExits(ordering, location, page);
  const rows = query.data?.results;
  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.count / STOCK_LIST_PAGE_SIZE)) : 0;
  const header = {
    ordering,
    onOrdering: (next: ExitOrdering) => {
      setOrdering(next);
      setPage(1);
    },
  };

  return (
    <div>
      <PageHeader
        title={t('inventory.exits.title')}
        actions={<Button onClick={() => setFormOpen(true)}>{t('inventory.exits.new')}</Button>}
      />
      <div className="mb-4">
        <LocationFilter
          value={location}
          onChange={(next) => {
            setLocation(next);
            setPage(1);
          }}
        />
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
                  {(page - 1) * STOCK_LIST_PAGE_SIZE + i + 1}
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
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          disabled={query.isFetching}
        />
      ) : null}
      <StockExitForm open={formOpen} onClose={() => setFormOpen(false)} />
    </div>
  );
}
