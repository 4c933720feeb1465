import { formatMoney, formatQuantity } from '@app/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
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
  const [ordering, setOrdering] = useState<ExitOrdering>('-created_at');
  const [formOpen, setFormOpen] = useState(false);
  const [location, setLocation] = useState('');
  const query = useStockExits(ordering, location);
  const header = { ordering, onOrdering: setOrdering };

  return (
    <div>
      <PageHeader
        title={t('inventory.exits.title')}
        actions={<Button onClick={() => setFormOpen(true)}>{t('inventory.exits.new')}</Button>}
      />
      <div className="mb-4">
        <LocationFilter value={location} onChange={setLocation} />
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
          ) : !query.data?.length ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>{t('inventory.exits.empty')}</TableMessageRow>
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
                <TD>{t(STOCK_TYPE_LABELS[x.type])}</TD>
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
