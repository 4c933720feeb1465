import { DEBTS_PAGE_SIZE } from '@app/shared';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { useDebts } from '../api/debts.ts';
import { type DebtFilters, pickPage } from '../debt-params.ts';
import type { UrlParams } from '../use-url-params.ts';
import { DebtsTable, type DebtsTableProps } from './DebtsTable.tsx';

/** The debts `filters` find, on the URL's page, and how many pages they fill. */
export function useDebtsPage(filters: DebtFilters, url: UrlParams) {
  const page = pickPage(url.params.get('page'));
  const query = useDebts(filters, page);
  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.count / DEBTS_PAGE_SIZE)) : 0;
  return { query, page, totalPages, setPage: (next: number) => url.update({ page: String(next) }) };
}

/** A page of debts (the debt book's and a counterparty card's), with the pages under it when there are more. */
export function PagedDebtsTable({
  debts,
  ...table
}: { debts: ReturnType<typeof useDebtsPage> } & Pick<
  DebtsTableProps,
  'onPay' | 'showCounterparty' | 'emptyText'
>) {
  const { query, page, totalPages, setPage } = debts;
  return (
    <>
      <DebtsTable page={query.data} isPending={query.isPending} stale={query.isPlaceholderData} {...table} />
      {totalPages > 1 ? (
        <Pagination page={page} totalPages={totalPages} onPageChange={setPage} disabled={query.isFetching} />
      ) : null}
    </>
  );
}
