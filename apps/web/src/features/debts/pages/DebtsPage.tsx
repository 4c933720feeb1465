import type { Debt } from '@app/shared';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { DebtsFilters } from '../components/DebtsFilters.tsx';
import { DebtTotals } from '../components/DebtTotals.tsx';
import { NewDebtDialog } from '../components/NewDebtDialog.tsx';
import { PagedDebtsTable, useDebtsPage } from '../components/PagedDebtsTable.tsx';
import { PayDebtDialog } from '../components/PayDebtDialog.tsx';
import { debtFiltersFromParams } from '../debt-params.ts';
import { useUrlParams } from '../use-url-params.ts';

/**
 * /debts (DESIGN.md section 12): the debt book, filtered in the URL, with what remains per
 * currency and direction, a new debt without goods, and a payment on the rows the user may pay.
 */
export function DebtsPage() {
  const t = useT();
  const url = useUrlParams();
  const filters = useMemo(() => debtFiltersFromParams(url.params), [url.params]);
  const list = useDebtsPage(filters, url);
  const debts = list.query;
  const [paying, setPaying] = useState<Debt | null>(null);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('debts.list.title')}
        description={
          debts.data ? t('debts.list.count', { count: debts.data.count }) : t('debts.list.description')
        }
        className="mb-0"
        actions={
          <Button
            onClick={() => {
              setNotice(null);
              setCreating(true);
            }}
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          >
            {t('debts.common.newDebt')}
          </Button>
        }
      />
      <DebtsFilters filters={filters} url={url} />
      {notice ? <SuccessMessage>{notice}</SuccessMessage> : null}
      {debts.isError ? (
        <ErrorMessage>{failureMessage(debts.error, t('debts.common.debtsLoadFailed'))}</ErrorMessage>
      ) : null}
      {debts.data ? <DebtTotals totals={debts.data.totals} /> : null}
      <section aria-label={t('debts.list.tableLabel')} aria-busy={debts.isFetching} className="space-y-3">
        <PagedDebtsTable
          debts={list}
          onPay={(d) => {
            setNotice(null);
            setPaying(d);
          }}
        />
      </section>
      {paying ? (
        <PayDebtDialog key={paying.id} debt={paying} onClose={() => setPaying(null)} onPaid={setNotice} />
      ) : null}
      {creating ? <NewDebtDialog onClose={() => setCreating(false)} onSaved={setNotice} /> : null}
    </div>
  );
}
