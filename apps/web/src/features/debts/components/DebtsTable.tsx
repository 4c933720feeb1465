import { type Debt, type DebtPage, seesEveryDebt } from '@app/shared';
import { Button } from '../../../components/ui/Button.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TFoot, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useT } from '../../../i18n/useT.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDay } from '../debt-params.ts';
import { canRecordPayment, DIRECTION_LABELS, STATUS_LABELS } from '../debt-rules.ts';
import { CounterpartyLink } from './CounterpartyLink.tsx';
import { DebtStatusBadge, DirectionText, Money } from './DebtBadges.tsx';

export interface DebtsTableProps {
  page: DebtPage | undefined;
  isPending: boolean;
  /** The previous filters' rows while the new ones load. */
  stale?: boolean;
  onPay: (debt: Debt) => void;
  /** Off on a counterparty's card, where every row is theirs. */
  showCounterparty?: boolean;
  emptyText?: string;
}

/**
 * Debts (DESIGN.md section 12): who, whose department, which way, how much, paid, what remains,
 * when due and the status (OVERDUE red), with the totals of the filtered debts per currency and
 * direction under it. "To'lov" on the rows the user may pay.
 */
export function DebtsTable({
  page,
  isPending,
  stale = false,
  onPay,
  showCounterparty = true,
  emptyText,
}: DebtsTableProps) {
  const t = useT();
  const me = useCurrentUser().data;
  // Everyone else sees only their own department's debts: the column would repeat them.
  const showDepartment = seesEveryDebt(me?.role);
  const rows = page?.results ?? [];
  const columns = 7 + Number(showCounterparty) + Number(showDepartment);
  const leading = 1 + Number(showCounterparty) + Number(showDepartment);
  return (
    <Table
      caption={t('debts.table.caption')}
      className={cn('[&_td]:px-2.5 [&_th]:px-2.5', stale && 'opacity-60 transition-opacity')}
    >
      <THead>
        <tr>
          <TH>#</TH>
          {showCounterparty ? <TH>{t('debts.common.counterparty')}</TH> : null}
          {showDepartment ? <TH>{t('debts.common.department')}</TH> : null}
          <TH>{t('debts.common.direction')}</TH>
          <TH align="right">{t('debts.common.amount')}</TH>
          <TH align="right">{t('debts.common.paid')}</TH>
          <TH align="right">{t('debts.common.remaining')}</TH>
          <TH>{t('debts.table.dueStatus')}</TH>
          {/* No visually hidden text here: at the row's far end it would widen the page. */}
          <TH aria-label={t('debts.common.actions')} />
        </tr>
      </THead>
      <TBody>
        {isPending ? (
          <TableMessageRow colSpan={columns}>
            <LoadingText className="justify-center">{t('debts.common.loading')}</LoadingText>
          </TableMessageRow>
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={columns}>{emptyText ?? t('debts.table.empty')}</TableMessageRow>
        ) : (
          rows.map((d) => (
            <DebtRow
              key={d.id}
              d={d}
              showCounterparty={showCounterparty}
              showDepartment={showDepartment}
              canPay={canRecordPayment(me, d)}
              onPay={onPay}
            />
          ))
        )}
      </TBody>
      {page && rows.length > 0 && page.totals.length > 0 ? (
        <TFoot>
          {page.totals.map((total) => (
            <tr key={`${total.currency_code}-${total.direction}`} data-testid="debt-totals">
              <TD colSpan={leading + 1}>
                {t('debts.table.totalRow', { direction: t(DIRECTION_LABELS[total.direction]) })}
                {/* On a phone the amount's column is off the screen: the label shows it too
                    (DESIGN.md section 16, totals rows show their amounts). */}
                <span className="ml-2 tabular-nums sm:hidden" data-testid="debt-total-amount">
                  <Money value={total.remaining} code={total.currency_code} />
                </span>
              </TD>
              <TD colSpan={2} />
              <TD numeric>
                <Money value={total.remaining} code={total.currency_code} />
              </TD>
              <TD colSpan={2} />
            </tr>
          ))}
        </TFoot>
      ) : null}
    </Table>
  );
}

/** On a phone, what remains and the status come under the row's first words, before the table scrolls. */
function PhoneSummary({ debt }: { debt: Debt }) {
  const t = useT();
  return (
    <span
      className={cn(
        'mt-0.5 block text-xs font-medium sm:hidden',
        debt.status === 'OVERDUE'
          ? 'text-red-700'
          : debt.status === 'PAID'
            ? 'text-emerald-700'
            : 'text-slate-700',
      )}
    >
      <Money value={debt.remaining} code={debt.currency_code} /> · {t(STATUS_LABELS[debt.status])}
    </span>
  );
}

/** One debt: its number, who, whose, which way, the figures, due date and status, and To'lov. */
function DebtRow({
  d,
  showCounterparty,
  showDepartment,
  canPay,
  onPay,
}: {
  d: Debt;
  showCounterparty: boolean;
  showDepartment: boolean;
  canPay: boolean;
  onPay: (debt: Debt) => void;
}) {
  const t = useT();
  return (
    <TR data-testid="debt-row" data-debt-id={d.id}>
      <TD className="text-slate-500 tabular-nums">{d.id}</TD>
      {showCounterparty ? (
        <TD>
          <CounterpartyLink id={d.counterparty.id} name={d.counterparty.name} />
          {d.reason ? (
            <span className="block max-w-xs truncate text-xs text-slate-500" title={d.reason}>
              {d.reason}
            </span>
          ) : null}
          <PhoneSummary debt={d} />
        </TD>
      ) : null}
      {showDepartment ? (
        <TD className="text-slate-600">
          <span className="block max-w-36 truncate" title={d.department.email}>
            {d.department.email.split('@')[0]}
          </span>
        </TD>
      ) : null}
      <TD>
        <DirectionText direction={d.direction} />
        {showCounterparty ? null : <PhoneSummary debt={d} />}
      </TD>
      <TD numeric>
        <Money value={d.amount} code={d.currency_code} />
      </TD>
      <TD numeric>
        <Money value={d.paid} code={d.currency_code} />
      </TD>
      <TD numeric className="font-semibold text-slate-900">
        <Money value={d.remaining} code={d.currency_code} />
      </TD>
      <TD>
        <span
          className={cn(
            'block text-xs tabular-nums',
            d.status === 'OVERDUE' ? 'font-medium text-red-700' : 'text-slate-600',
          )}
        >
          {formatDay(d.due_date)}
        </span>
        <DebtStatusBadge status={d.status} />
      </TD>
      <TD className="text-right">
        {canPay ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onPay(d)}
            aria-label={t('debts.table.payAria', { id: String(d.id) })}
          >
            {t('debts.common.payment')}
          </Button>
        ) : null}
      </TD>
    </TR>
  );
}
