import { formatMoney, formatQuantity } from '@app/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { type EntryOrdering, useStockEntries } from '../api/stock-entries.ts';
import { LocationFilter } from '../components/LocationFilter.tsx';
import { SortableHeader } from '../components/SortableHeader.tsx';
import { StockEntryForm } from '../components/StockEntryForm.tsx';

const COLUMN_COUNT = 10;

/** /buy, Ta'minotchi only (spec.md section 2, Buy): my receipts, sortable by quantity, cost and date. */
export function BuyPage() {
  const [ordering, setOrdering] = useState<EntryOrdering>('-created_at');
  const [formOpen, setFormOpen] = useState(false);
  const [location, setLocation] = useState('');
  const query = useStockEntries(ordering, location);
  const header = { ordering, onOrdering: setOrdering };

  return (
    <div>
      <PageHeader
        title="Stock Entries"
        actions={<Button onClick={() => setFormOpen(true)}>+ Yangi Kirim</Button>}
      />
      <div className="mb-4">
        <LocationFilter value={location} onChange={setLocation} />
      </div>
      {query.isError ? <ErrorMessage className="mb-4">Failed to load entries</ErrorMessage> : null}
      <Table caption="Stock Entries">
        <THead>
          <tr>
            <TH>#</TH>
            <TH>User</TH>
            <TH>Variant</TH>
            <SortableHeader field="qty_received" numeric {...header}>
              Qty
            </SortableHeader>
            <TH align="right">Qoldiq</TH>
            <SortableHeader field="unit_cost" numeric {...header}>
              Unit cost
            </SortableHeader>
            <TH>Currency</TH>
            <TH>Type</TH>
            <TH>Location</TH>
            <SortableHeader field="created_at" {...header}>
              Created
            </SortableHeader>
          </tr>
        </THead>
        <TBody>
          {query.isPending ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>Yuklanmoqda...</TableMessageRow>
          ) : !query.data?.length ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>Sotib olingan tovarlar yoq...</TableMessageRow>
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
                <TD>{e.type}</TD>
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
