import { type Balance, formatMoney } from '@app/shared';
import { Wallet } from 'lucide-react';
import { Card } from '../../../components/ui/Card.tsx';
import { useT } from '../../../i18n/useT.ts';

// spec.md section 2 "Balances": one card per currency; the empty text asks for balances from an admin.
export function BalanceCards({ balances }: { balances: readonly Balance[] }) {
  const t = useT();
  if (balances.length === 0) {
    return (
      <Card className="flex items-center gap-3 p-5 text-sm text-slate-600">
        <Wallet aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-400" />
        <p>{t('finance.balances.empty')}</p>
      </Card>
    );
  }
  return (
    <ul aria-label={t('finance.balances.label')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {balances.map((b) => (
        <li key={b.id}>
          <Card className="p-5" data-testid={`balance-${b.currency_code}`}>
            <p className="text-sm font-medium text-slate-500">{b.currency_code}</p>
            <p className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
              {formatMoney(b.on_hand)}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
