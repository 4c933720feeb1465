import { formatMoney, formatQuantity } from '@app/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { type ExitOrdering, useStockExits } from '../api/stock-exits.ts';
import { LocationFilter } from '../components/LocationFilter.tsx';
import { SortableHeader } from '../components/SortableHeader.tsx';
import { StockExitForm } from '../components/StockExitForm.tsx';

const COLUMN_COUNT = 9;

/** /sell, Bozorchi only (spec.md section 2, Sell): my issues. */
export function SellPage() {
  const [ordering, setOrdering] = useState<ExitOrdering>('-created_at');
  const [formOpen, setFormOpen] = useState(false);
  const [location, setLocation] = useState('');
  const query = useStockExits(ordering, location);
  const header = { ordering, onOrdering: setOrdering };

  return (
    <div>
      <PageHeader
        title="Stock Exits"
        actions={<Button onClick={() => setFormOpen(true)}>+ New Exit</Button>}
      />
      <div className="mb-4">
        <LocationFilter value={location} onChange={setLocation} />
      </div>
      {query.isError ? <ErrorMessage className="mb-4">Failed to load stock exits</ErrorMessage> : null}
      <Table caption="Stock Exits">
        <THead>
          <tr>
            <TH>#</TH>
            <TH>Department</TH>
            <TH>Variant</TH>
            <SortableHeader field="qty_issued" numeric {...header}>
              Qty issued
            </SortableHeader>
            <SortableHeader field="unit_price" numeric {...header}>
              Unit price
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
            <TableMessageRow colSpan={COLUMN_COUNT}>No exits</TableMessageRow>
          ) : (
            query.data.map((x, i) => (
              <TR key={x.id} data-testid="exit-row">
                <TD numeric align="left">
                  {i + 1}
                </TD>
                <TD numeric align="left">
                  {x.department}
                </TD>
                <TD>
                  <div className="font-medium text-slate-800">{x.variant.label}</div>
                  <div className="font-mono text-xs text-slate-500">{x.variant.sku}</div>
                </TD>
                <TD numeric>{formatQuantity(x.qty_issued)}</TD>
                <TD numeric>{x.unit_price === null ? '—' : formatMoney(x.unit_price)}</TD>
                <TD>{x.currency_code}</TD>
                <TD>{x.type}</TD>
                <TD>{x.location || '—'}</TD>
                <TD>{formatDateTime(x.created_at)}</TD>
              </TR>
            ))
          )}
        </TBody>
      </Table>
      <StockExitForm open={formOpen} onClose={() => setFormOpen(false)} />
    </div>
  );
}
