import { EXTERNAL_TX_ROLES } from '@app/shared';
import { useCurrencies } from '../../../api/currencies.ts';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { useMyBalances } from '../api/balances.ts';
import { BalanceCards } from '../components/BalanceCards.tsx';
import { ExchangeForm } from '../components/ExchangeForm.tsx';
import { ExternalTransactionForm } from '../components/ExternalTransactionForm.tsx';

/** / (spec.md section 2 "Balances"): title is the e-mail, balance cards, exchange, and the Kassir's form. */
export function BalancesPage() {
  const t = useT();
  const user = useCurrentUser().data;
  const balances = useMyBalances();
  const currencies = useCurrencies();

  return (
    <div className="space-y-6">
      <PageHeader title={user?.email ?? ''} />
      {balances.isPending ? (
        <LoadingText />
      ) : balances.isError ? (
        <ErrorMessage>{balances.error.message || t('finance.balances.loadFailed')}</ErrorMessage>
      ) : (
        <BalanceCards balances={balances.data} />
      )}
      {currencies.isPending ? (
        <LoadingText />
      ) : currencies.isError ? (
        <ErrorMessage>{t('finance.balances.currenciesFailed')}</ErrorMessage>
      ) : currencies.data.length === 0 ? (
        <Card className="p-5 text-sm text-slate-600">{t('finance.balances.noCurrencies')}</Card>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          <ExchangeForm currencies={currencies.data} balances={balances.data ?? []} />
          {hasRole(user, EXTERNAL_TX_ROLES) ? <ExternalTransactionForm currencies={currencies.data} /> : null}
        </div>
      )}
    </div>
  );
}
