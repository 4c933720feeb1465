import { TRANSACTIONS_PAGE_SIZE } from '@app/shared';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { useT } from '../../../i18n/useT.ts';
import type { TransactionsParams } from '../api/keys.ts';
import { useMoneyTransactions } from '../api/money-transactions.ts';
import {
  DEFAULT_FILTERS,
  type TransactionFilters,
  TransactionsFilters,
} from '../components/TransactionsFilters.tsx';
import { TransactionsTable } from '../components/TransactionsTable.tsx';

const SEARCH_DEBOUNCE_MS = 300;

function toParams(f: TransactionFilters, search: string, page: number): TransactionsParams {
  return {
    page,
    ordering: f.ordering,
    currency: f.currency ? Number(f.currency) : undefined,
    amount_type: f.amountType || undefined,
    tx_type: f.txType || undefined,
    has_offer: f.offer === '' ? undefined : f.offer === 'true',
    search: search.trim() || undefined,
  };
}

/** /transactions (spec.md section 2 "Money transactions"): a filter change reloads from page 1. */
export function TransactionsPage() {
  const t = useT();
  const [filters, setFilters] = useState<TransactionFilters>(DEFAULT_FILTERS);
  const [search, setSearch] = useState('');
  // The page number is kept separately from the filters (spec.md section 2).
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (filters.search === search) return;
    const timer = setTimeout(() => {
      setSearch(filters.search);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filters.search, search]);

  const query = useMoneyTransactions(toParams(filters, search, page));
  useEffect(() => {
    // spec.md section 8: list errors are only logged; the table shows its empty state.
    if (query.error) console.error('money transactions failed to load', query.error);
  }, [query.error]);

  const rows = query.isError ? [] : (query.data?.results ?? []);
  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.count / TRANSACTIONS_PAGE_SIZE)) : 0;

  function changeFilters(next: TransactionFilters) {
    setFilters(next);
    if (next.search === filters.search) setPage(1);
  }

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('finance.transactions.title')}
        description={
          query.data
            ? t('finance.transactions.count', { count: query.data.count, total: String(query.data.count) })
            : undefined
        }
      />
      <TransactionsFilters value={filters} onChange={changeFilters} />
      <TransactionsTable rows={rows} loading={query.isPending} />
      {!query.isError && totalPages > 1 ? (
        <Pagination page={page} totalPages={totalPages} onPageChange={setPage} disabled={query.isFetching} />
      ) : null}
    </div>
  );
}
