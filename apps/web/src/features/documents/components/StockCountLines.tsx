import { D, formatMoneyFixed, formatQuantity, type StockCountVariances } from '@app/shared';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';

// A stock count's lines (DESIGN.md section 20): expected at start, moves since, expected now,
// counted (typed on a draft), the variance and its value, every line at once.

type Row = StockCountVariances['lines'][number];

const tone = (value: string | null) =>
  value === null || new D(value).isZero()
    ? 'text-slate-600'
    : new D(value).lt(0)
      ? 'text-red-700'
      : 'text-emerald-700';

/** A raw decimal's text as shown, with a + when above zero. */
const signed = (raw: string, shown: string) => (new D(raw).gt(0) ? `+${shown}` : shown);

export function StockCountLines({
  variances,
  editable,
  typed,
  onType,
  onEnter,
}: {
  variances: StockCountVariances | undefined;
  editable: boolean;
  /** What was typed per variant and not yet saved. */
  typed: Record<number, string>;
  onType: (variant: number, value: string) => void;
  onEnter: () => void;
}) {
  const t = useT();
  const rows = variances?.lines ?? [];
  return (
    <Table caption={t('documents.stockCount.lines')}>
      <THead>
        <tr>
          <TH>{t('documents.stockCount.item')}</TH>
          <TH align="right">{t('documents.stockCount.expected')}</TH>
          <TH align="right">{t('documents.stockCount.movesSince')}</TH>
          <TH align="right">{t('documents.stockCount.expectedNow')}</TH>
          <TH align="right">{t('documents.stockCount.counted')}</TH>
          <TH align="right">{t('documents.stockCount.variance')}</TH>
          <TH align="right">{t('documents.stockCount.value')}</TH>
        </tr>
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <TableMessageRow colSpan={7}>{t('documents.common.loading')}</TableMessageRow>
        ) : (
          rows.map((row) => (
            <LineRow
              key={row.line}
              row={row}
              editable={editable}
              typed={typed[row.variant.id]}
              onType={onType}
              onEnter={onEnter}
            />
          ))
        )}
      </TBody>
    </Table>
  );
}

function LineRow({
  row,
  editable,
  typed,
  onType,
  onEnter,
}: {
  row: Row;
  editable: boolean;
  typed: string | undefined;
  onType: (variant: number, value: string) => void;
  onEnter: () => void;
}) {
  const t = useT();
  return (
    <TR data-testid="count-line" data-sku={row.variant.sku}>
      <TD>
        <span className="block font-mono text-xs text-slate-900">{row.variant.sku}</span>
        <span className="block max-w-56 truncate text-xs text-slate-500" title={row.variant.label}>
          {row.variant.label}
        </span>
      </TD>
      <TD numeric>{formatQuantity(row.expected)}</TD>
      <TD numeric>
        <span className={tone(row.moves_since)}>
          {signed(row.moves_since, formatQuantity(row.moves_since))}
        </span>
      </TD>
      <TD numeric>{formatQuantity(row.expected_now)}</TD>
      <TD numeric>
        {editable ? (
          <input
            type="text"
            inputMode="decimal"
            aria-label={t('documents.stockCount.countedOf', { sku: row.variant.sku })}
            data-testid="counted-input"
            className="w-24 rounded-md border border-slate-300 px-2 py-1 text-right tabular-nums focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
            value={typed ?? (row.counted === null ? '' : formatQuantity(row.counted))}
            placeholder="—"
            onChange={(e) => onType(row.variant.id, e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onEnter();
            }}
          />
        ) : row.counted === null ? (
          <span className="text-slate-400">{t('documents.stockCount.notCounted')}</span>
        ) : (
          formatQuantity(row.counted)
        )}
      </TD>
      <TD numeric>
        <span data-testid="variance" className={cn('font-semibold', tone(row.variance))}>
          {row.variance === null ? '—' : signed(row.variance, formatQuantity(row.variance))}
        </span>
      </TD>
      <TD numeric>
        {row.value === null ? (
          '—'
        ) : (
          <span className={cn('whitespace-nowrap', tone(row.value))}>
            {signed(row.value, formatMoneyFixed(row.value))}{' '}
            <span className="text-xs text-slate-500">{row.currency_code}</span>
            {row.cost_known ? null : (
              <span className="block text-xs text-amber-700">{t('documents.stockCount.noCost')}</span>
            )}
          </span>
        )}
      </TD>
    </TR>
  );
}
