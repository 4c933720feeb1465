import { DEBTS_PAGE_SIZE, type Debt } from '@app/shared';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useDebts } from '../api/debts.ts';
import { DebtsFilters } from '../components/DebtsFilters.tsx';
import { DebtsTable } from '../components/DebtsTable.tsx';
import { DebtTotals } from '../components/DebtTotals.tsx';
import { NewDebtDialog } from '../components/NewDebtDialog.tsx';
import { PayDebtDialog } from '../components/PayDebtDialog.tsx';
import { debtFiltersFromParams, pickPage } from '../debt-params.ts';
import { useUrlParams } from '../use-url-params.ts';

/**
 * /debts (DESIGN.md section 12): the debt book, filtered in the URL, with what remains per
 * currency and direction, a new debt without goods, and a payment on the rows the user may pay.
 */
export function DebtsPage() {
  const t = useT();
  const url = useUrlParams();
  const filters = useMemo(() => debtFiltersFromParams(url.params), [url.params]);
  const page = pickPage(url.params.get('page'));
  const debts = useDebts(filters, page);
  const [paying, setPaying] = useState<Debt | null>(null);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const totalPages = debts.data ? Math.max(1, Math.ceil(debts.data.count / DEBTS_PAGE_SIZE)) : 0;

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
        <DebtsTable
          page={debts.data}
          isPending={debts.isPending}
          stale={debts.isPlaceholderData}
          onPay={(d) => {
            setNotice(null);
            setPaying(d);
          }}
        />
        {totalPages > 1 ? (
          <Pagination
            page={page}
            totalPages={totalPages}
            onPageChange={(next) => url.update({ page: String(next) })}
            disabled={debts.isFetching}
          />
        ) : null}
      </section>
      {paying ? (
        <PayDebtDialog key={paying.id} debt={paying} onClose={() => setPaying(null)} onPaid={setNotice} />
      ) : null}
      {creating ? <NewDebtDialog onClose={() => setCreating(false)} onSaved={setNotice} /> : null}
    </div>
  );
}
