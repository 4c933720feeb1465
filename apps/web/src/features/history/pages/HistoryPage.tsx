import { AUDIT_PAGE_SIZE, isAdministrator, seesWholeBusiness } from '@app/shared';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DataAsOfNotice } from '../../../components/DataAsOfNotice.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { downloadHistoryCsv, type HistoryFilters, NO_FILTERS, useHistory } from '../api/audit.ts';
import { HistoryFiltersBar } from '../components/HistoryFiltersBar.tsx';
import { HistoryTable } from '../components/HistoryTable.tsx';

const TYPING_PAUSE_MS = 300;

/** The search waits for a pause in typing; the selects and dates apply at once. */
function useSettled(filters: HistoryFilters): HistoryFilters {
  const [settled, setSettled] = useState(filters);
  useEffect(() => {
    const typed = filters.search !== settled.search;
    if (!typed) {
      if (filters !== settled) setSettled(filters);
      return;
    }
    const timer = setTimeout(() => setSettled(filters), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [filters, settled]);
  return settled;
}

/**
 * /history, the seed's "Tarix" (DESIGN.md section 10): who did what to what, newest first, with
 * filters, pages of 50, each row in words with its object's page (DESIGN.md section 16), and the
 * filtered rows as CSV.
 */
export function HistoryPage() {
  const t = useT();
  const user = useCurrentUser();
  const wholeBusiness = seesWholeBusiness(user.data?.role);
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const settled = useSettled(filters);
  const query = useHistory(settled, page);
  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.count / AUDIT_PAGE_SIZE)) : 0;

  function changeFilters(next: HistoryFilters) {
    setFilters(next);
    setPage(1);
  }

  async function download() {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadHistoryCsv(settled);
    } catch (err) {
      setDownloadError(failureMessage(err, t('history.download.failed')));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('history.page.title')}
        description={query.data ? t('history.page.count', { count: query.data.count }) : undefined}
        actions={
          <Button
            variant="secondary"
            onClick={download}
            loading={downloading}
            icon={<Download aria-hidden="true" className="h-4 w-4" />}
          >
            {t('history.download.button')}
          </Button>
        }
      />
      <HistoryFiltersBar value={filters} onChange={changeFilters} wholeBusiness={wholeBusiness} />
      <DataAsOfNotice asOf={query.data?.data_as_of} />
      {downloadError ? <ErrorMessage>{downloadError}</ErrorMessage> : null}
      {query.isError ? (
        <ErrorMessage>{failureMessage(query.error, t('history.page.loadFailed'))}</ErrorMessage>
      ) : null}
      <HistoryTable
        rows={query.data?.results}
        loading={query.isPending}
        adminArea={isAdministrator(user.data?.role)}
      />
      {totalPages > 1 ? (
        <Pagination page={page} totalPages={totalPages} onPageChange={setPage} disabled={query.isFetching} />
      ) : null}
    </div>
  );
}
