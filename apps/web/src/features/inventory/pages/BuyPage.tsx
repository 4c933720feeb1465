import { formatMoney, formatQuantity } from '@app/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useT } from '../../../i18n/useT.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type EntryOrdering, useStockEntries } from '../api/stock-entries.ts';
import { LocationFilter } from '../components/LocationFilter.tsx';
import { SortableHeader } from '../components/SortableHeader.tsx';
import { StockEntryForm } from '../components/StockEntryForm.tsx';
import { STOCK_TYPE_LABELS } from '../lib/stock-types.ts';

const COLUMN_COUNT = 10;

/** /buy, Ta'minotchi only (spec.md section 2, Buy): my receipts, sortable by quantity, cost and date. */
export function BuyPage() {
  const t = useT();
  const [ordering, setOrdering] = useState<EntryOrdering>('-created_at');
  const [formOpen, setFormOpen] = useState(false);
  const [location, setLocation] = useState('');
  const query = useStockEntries(ordering, location);
  const header = { ordering, onOrdering: setOrdering };

  return (
    <div>
      <PageHeader
        title={t('inventory.entries.title')}
        actions={<Button onClick={() => setFormOpen(true)}>{t('inventory.entries.new')}</Button>}
      />
      <div className="mb-4">
        <LocationFilter value={location} onChange={setLocation} />
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
          ) : !query.data?.length ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>{t('inventory.entries.empty')}</TableMessageRow>
          ) : (
            query.data.map((e, i) => (
              <TR key={e.id} data-testid="entry-row">
                <TD numeric align="left">
                  {i + 1}
                </TD>
                <TD numeric align="left">
                  {e.department}
                </TD>
                <TD>
                  <div className="font-medium text-slate-800">{e.variant.label}</div>
                  <div className="font-mono text-xs text-slate-500">{e.variant.sku}</div>
                </TD>
                <TD numeric>{formatQuantity(e.qty_received)}</TD>
                <TD numeric>{formatQuantity(e.qty_remaining)}</TD>
                <TD numeric>{formatMoney(e.unit_cost)}</TD>
                <TD>{e.currency_code}</TD>
                <TD>{t(STOCK_TYPE_LABELS[e.type])}</TD>
                <TD>{e.location || '—'}</TD>
                <TD>{formatDateTime(e.created_at)}</TD>
              </TR>
            ))
          )}
        </TBody>
      </Table>
      <StockEntryForm open={formOpen} onClose={() => setFormOpen(false)} />
    </div>
  );
}
