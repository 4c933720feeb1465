import { formatMoney, type MoneyTransaction, previewReason } from '@app/shared';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { plainRate } from '../finance-rules.ts';

const COLUMNS = ['ID', 'Summa', 'Valyuta', 'Kurs', 'UZS da', 'Taklif', 'Sabab', 'Sana'];

/** The columns of spec.md section 2 "Money transactions"; its loading and empty texts. */
export function TransactionsTable({
  rows,
  loading,
}: {
  rows: readonly MoneyTransaction[];
  loading: boolean;
}) {
  return (
    <Table caption="Pul transaksiyalari">
      <THead>
        <tr>
          {COLUMNS.map((c, i) => (
            <TH key={c} align={i === 1 || i === 4 ? 'right' : 'left'}>
              {c}
            </TH>
          ))}
        </tr>
      </THead>
      <TBody>
        {loading && rows.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS.length}>Loading transactions...</TableMessageRow>
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS.length}>
            <p className="font-medium text-slate-700">No transactions found</p>
            <p className="mt-1">Try adjusting your search or filters.</p>
          </TableMessageRow>
        ) : (
          rows.map((tx) => (
            <TR key={tx.id}>
              <TD className="font-medium text-slate-900">#{tx.id}</TD>
              <TD
                numeric
                className={cn('font-medium', tx.amount.startsWith('-') ? 'text-red-700' : 'text-emerald-700')}
              >
                {tx.amount.startsWith('-') ? '' : '+'}
                {formatMoney(tx.amount)}
              </TD>
              <TD>{tx.currency.code}</TD>
              <TD>{`1 ${tx.currency.code} = ${plainRate(tx.rate_to_uzs)} UZS`}</TD>
              <TD numeric>{formatMoney(tx.amount_in_uzs)}</TD>
              <TD>
                {tx.offer !== null ? (
                  `#${tx.offer}`
                ) : tx.tx_type === 'DEBT' ? (
                  // DESIGN.md section 12: not an offer but a debt's payment (its reason names the debt).
                  <span title="Qarz to'lovi (nasiya)">
                    <Badge tone="amber" className="font-mono">
                      DEBT
                    </Badge>
                  </span>
                ) : (
                  '—'
                )}
              </TD>
              <TD title={tx.reason}>{previewReason(tx.reason)}</TD>
              <TD>{formatDateTime(tx.created_at)}</TD>
            </TR>
          ))
        )}
      </TBody>
    </Table>
  );
}
