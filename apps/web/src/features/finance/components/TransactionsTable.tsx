import { formatMoneyFixed, type MoneyTransaction, previewReason } from '@app/shared';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { plainRate } from '../finance-rules.ts';
import { TX_TYPE_LABELS, TX_TYPE_SOURCES } from '../tx-types.ts';

const COLUMNS: readonly MessageKey[] = [
  'finance.transactions.column.id',
  'finance.transactions.column.amount',
  'finance.transactions.column.currency',
  'finance.transactions.column.rate',
  'finance.transactions.column.amountInUzs',
  'finance.transactions.column.offer',
  'finance.transactions.column.reason',
  'finance.transactions.column.date',
];

/**
 * The offer column: the offer's number, or what else the row came from (DESIGN.md section 12: a
 * debt's payment; section 19: a sale's or a purchase's cash), its reason naming the document.
 */
function OfferCell({ tx }: { tx: MoneyTransaction }) {
  const t = useT();
  if (tx.offer !== null) return `#${tx.offer}`;
  const source = TX_TYPE_SOURCES[tx.tx_type];
  if (source === null) return '—';
  return (
    <span title={t(source.title)}>
      <Badge tone={source.tone} className="font-mono">
        {t(TX_TYPE_LABELS[tx.tx_type])}
      </Badge>
    </span>
  );
}

/** The columns of spec.md section 2 "Money transactions"; its loading and empty texts. */
export function TransactionsTable({
  rows,
  loading,
}: {
  rows: readonly MoneyTransaction[];
  loading: boolean;
}) {
  const t = useT();
  return (
    <Table caption={t('finance.transactions.title')}>
      <THead>
        <tr>
          {COLUMNS.map((c, i) => (
            <TH key={c} align={i === 1 || i === 4 ? 'right' : 'left'}>
              {t(c)}
            </TH>
          ))}
        </tr>
      </THead>
      <TBody>
        {loading && rows.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS.length}>{t('finance.transactions.loading')}</TableMessageRow>
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS.length}>
            <p className="font-medium text-slate-700">{t('finance.transactions.empty')}</p>
            <p className="mt-1">{t('finance.transactions.emptyHint')}</p>
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
                {formatMoneyFixed(tx.amount)}
              </TD>
              <TD>{tx.currency.code}</TD>
              <TD>{`1 ${tx.currency.code} = ${plainRate(tx.rate_to_uzs)} UZS`}</TD>
              <TD numeric>{formatMoneyFixed(tx.amount_in_uzs)}</TD>
              <TD>
                <OfferCell tx={tx} />
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
