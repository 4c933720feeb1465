import { DOCUMENTS_PAGE_SIZE } from '@app/shared';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { pickPage } from '../../../lib/url-params.ts';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { mayUseDocuments, readsAllDocuments } from '../access.ts';
import { useDocuments } from '../api/documents.ts';
import { DocumentFilters } from '../components/DocumentFilters.tsx';
import { DocumentGuard } from '../components/DocumentGuard.tsx';
import { DocumentsTable } from '../components/DocumentsTable.tsx';
import { type DocumentKindConfig, PRODUCTION_KIND, PURCHASE_KIND, RETURN_KIND, SALE_KIND } from '../kinds.ts';
import { documentFiltersFromParams } from '../lib/list-params.ts';

/** A kind's list (DESIGN.md section 19): filtered in the URL, 20 a page, the new-document button for its writers. */
export function DocumentsPage({ kind }: { kind: DocumentKindConfig }) {
  const t = useT();
  const me = useCurrentUser().data;
  const url = useUrlParams();
  const filters = useMemo(() => documentFiltersFromParams(url.params), [url.params]);
  const page = pickPage(url.params.get('page'));
  const list = useDocuments(kind, filters, page);
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.count / DOCUMENTS_PAGE_SIZE)) : 0;
  return (
    <div className="space-y-5">
      <PageHeader
        title={t(kind.words.title)}
        description={
          list.data ? t('documents.list.count', { count: list.data.count }) : t(kind.words.description)
        }
        className="mb-0"
        actions={
          kind.create && mayUseDocuments(me, kind) ? (
            <Link to={kind.create.path} className={buttonClasses('primary', 'md', 'gap-2')}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t(kind.create.label)}
            </Link>
          ) : null
        }
      />
      <DocumentFilters kind={kind} filters={filters} url={url} />
      {list.isError ? (
        <ErrorMessage>{failureMessage(list.error, t('documents.list.loadFailed'))}</ErrorMessage>
      ) : null}
      <section aria-busy={list.isFetching} className="space-y-3">
        <DocumentsTable
          kind={kind}
          page={list.data}
          isPending={list.isPending}
          stale={list.isPlaceholderData}
          showDepartment={readsAllDocuments(me)}
        />
        {totalPages > 1 ? (
          <Pagination
            page={page}
            totalPages={totalPages}
            onPageChange={(next) => url.update({ page: String(next) })}
            disabled={list.isFetching}
          />
        ) : null}
      </section>
    </div>
  );
}

/** /sales */
export function SalesPage() {
  return (
    <DocumentGuard kind={SALE_KIND}>
      <DocumentsPage kind={SALE_KIND} />
    </DocumentGuard>
  );
}

/** /purchases */
export function PurchasesPage() {
  return (
    <DocumentGuard kind={PURCHASE_KIND}>
      <DocumentsPage kind={PURCHASE_KIND} />
    </DocumentGuard>
  );
}

/** /returns */
export function ReturnsPage() {
  return (
    <DocumentGuard kind={RETURN_KIND}>
      <DocumentsPage kind={RETURN_KIND} />
    </DocumentGuard>
  );
}

/** /production (DESIGN.md section 21) */
export function ProductionsPage() {
  return (
    <DocumentGuard kind={PRODUCTION_KIND}>
      <DocumentsPage kind={PRODUCTION_KIND} />
    </DocumentGuard>
  );
}
