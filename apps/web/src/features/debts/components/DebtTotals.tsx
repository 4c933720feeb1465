import type { DebtPage } from '@app/shared';
import { Card } from '../../../components/ui/Card.tsx';
import { useT } from '../../../i18n/useT.ts';
import { DIRECTION_HINTS, DIRECTION_LABELS, isPositive, totalsByCurrency } from '../debt-rules.ts';
import { Money } from './DebtBadges.tsx';

/** What remains of the filtered debts, per currency: to be received and to be paid. */
export function DebtTotals({ totals }: { totals: DebtPage['totals'] }) {
  const t = useT();
  const rows = totalsByCurrency(totals);
  if (rows.length === 0) return null;
  return (
    <ul aria-label={t('debts.totals.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map((row) => (
        <li key={row.currency_code}>
          <Card className="p-4" data-testid={`debt-total-${row.currency_code}`}>
            <p className="text-sm font-medium text-slate-500">{row.currency_code}</p>
            <dl className="mt-2 space-y-1 text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <dt className="text-slate-600" title={t(DIRECTION_HINTS.RECEIVABLE)}>
                  {t(DIRECTION_LABELS.RECEIVABLE)}
                </dt>
                <dd
                  className={isPositive(row.receivable) ? 'font-semibold text-emerald-700' : 'text-slate-400'}
                >
                  <Money value={row.receivable} code={row.currency_code} />
                </dd>
              </div>
              <div className="flex items-baseline justify-between gap-3">
                <dt className="text-slate-600" title={t(DIRECTION_HINTS.PAYABLE)}>
                  {t(DIRECTION_LABELS.PAYABLE)}
                </dt>
                <dd className={isPositive(row.payable) ? 'font-semibold text-rose-700' : 'text-slate-400'}>
                  <Money value={row.payable} code={row.currency_code} />
                </dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
