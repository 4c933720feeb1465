import { formatMoneyFixed, type StatementLine } from '@app/shared';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { DIRECTION_LABELS, signOf, statementSign } from '../debt-rules.ts';

const COLUMNS = 6;

/**
 * A counterparty's statement (DESIGN.md section 12): its debts and payments in time order, each
 * with the balance after it in its currency (positive: they owe us; negative: we owe them).
 */
export function StatementTable({
  lines,
  isPending,
}: {
  lines: StatementLine[] | undefined;
  isPending: boolean;
}) {
  const t = useT();
  return (
    <Table caption={t('debts.common.statement')} className="[&_td]:px-3 [&_th]:px-3">
      <THead>
        <tr>
          <TH>{t('debts.statement.date')}</TH>
          <TH>{t('debts.statement.action')}</TH>
          <TH>{t('debts.common.direction')}</TH>
          <TH align="right">{t('debts.common.amount')}</TH>
          <TH align="right" title={t('debts.statement.balanceTitle')}>
            {t('debts.common.remaining')}
          </TH>
          <TH>{t('debts.common.note')}</TH>
        </tr>
      </THead>
      <TBody>
        {isPending ? (
          <TableMessageRow colSpan={COLUMNS}>
            <LoadingText className="justify-center">{t('debts.common.loading')}</LoadingText>
          </TableMessageRow>
        ) : !lines?.length ? (
          <TableMessageRow colSpan={COLUMNS}>{t('debts.statement.empty')}</TableMessageRow>
        ) : (
          lines.map((line) => {
            const sign = statementSign(line);
            const balance = signOf(line.balance);
            return (
              // A line has no id of its own; its debt, kind, time and balance after it tell it apart.
              <TR
                key={`${line.kind}-${line.debt}-${line.date}-${line.currency_code}-${line.balance}`}
                data-testid="statement-row"
              >
                {/* A phone wraps the fixed first column (index.css): wide enough for the day on one line. */}
                <TD className="min-w-32 tabular-nums">{formatDateTime(line.date)}</TD>
                <TD>
                  {line.kind === 'DEBT' ? t('debts.statement.kindDebt') : t('debts.common.payment')}{' '}
                  <span className="text-xs text-slate-500">#{line.debt}</span>
                </TD>
                <TD>{t(DIRECTION_LABELS[line.direction])}</TD>
                <TD numeric className={sign > 0 ? 'text-emerald-700' : 'text-rose-700'}>
                  {sign > 0 ? '+' : '−'}
                  {formatMoneyFixed(line.amount)}{' '}
                  <span className="text-xs text-slate-500">{line.currency_code}</span>
                </TD>
                <TD
                  numeric
                  className={cn(
                    'font-semibold',
                    balance > 0 ? 'text-emerald-700' : balance < 0 ? 'text-rose-700' : 'text-slate-500',
                  )}
                >
                  {formatMoneyFixed(line.balance)}{' '}
                  <span className="text-xs font-normal text-slate-500">{line.currency_code}</span>
                </TD>
                <TD className="max-w-xs truncate text-slate-600" title={line.reason}>
                  {line.reason || '—'}
                </TD>
              </TR>
            );
          })
        )}
      </TBody>
    </Table>
  );
}
