import { DOCUMENTS_PAGE_SIZE, isAdministrator, PRODUCT_TYPES, type ProductType } from '@app/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDepartments } from '../../../api/departments.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail, failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format.ts';
import { pickPage } from '../../../lib/url-params.ts';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { mayUseDocuments } from '../access.ts';
import { useDocuments } from '../api/documents.ts';
import { useStartCount } from '../api/stock-counts.ts';
import { DocumentStatusBadge } from '../components/DocumentBits.tsx';
import { DocumentGuard } from '../components/DocumentGuard.tsx';
import { STOCK_COUNT_KIND } from '../kinds.ts';

// Stock counts (DESIGN.md section 20): starting one (the Owner and admins choose the department)
// and the list, 20 a page, newest first.

const TYPE_LABELS: Record<ProductType, MessageKey> = {
  RAW: 'documents.stockCount.typeRaw',
  SEMI: 'documents.stockCount.typeSemi',
  FINISHED: 'documents.stockCount.typeFinished',
};

/** Scope (everything held, or a product type) and, for an administrator, the department. */
function StartCountForm() {
  const t = useT();
  const me = useCurrentUser().data;
  const admin = isAdministrator(me?.role);
  const departments = useDepartments(admin);
  const [scope, setScope] = useState<'all' | ProductType>('all');
  const [department, setDepartment] = useState('');
  const start = useStartCount();
  const navigate = useNavigate();
  const submit = () =>
    start.mutate(
      {
        ...(scope === 'all' ? { scope: 'all' } : { scope: 'type', product_type: scope }),
        ...(department ? { department: Number(department) } : {}),
      },
      { onSuccess: (doc) => navigate(STOCK_COUNT_KIND.cardPath(doc.id)) },
    );
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-base font-semibold text-slate-900">{t('documents.stockCount.start')}</h2>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Select
          label={t('documents.stockCount.scope')}
          value={scope}
          onChange={(e) => setScope(e.target.value as 'all' | ProductType)}
          options={[
            { value: 'all', label: t('documents.stockCount.scopeAll') },
            ...PRODUCT_TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) })),
          ]}
        />
        {admin ? (
          <Select
            label={t('documents.common.department')}
            value={department}
            onChange={(e) => setDepartment(e.target.value)}
            placeholder={t('documents.stockCount.ownDepartment')}
            options={(departments.data ?? []).map((d) => ({ value: String(d.id), label: d.email }))}
          />
        ) : (
          <div className="hidden sm:block" />
        )}
        <Button onClick={submit} loading={start.isPending}>
          {t('documents.stockCount.startButton')}
        </Button>
      </div>
      {start.isError ? (
        <ErrorMessage>
          {errorDetail(start.error) ?? failureMessage(start.error, t('documents.card.actionFailed'))}
        </ErrorMessage>
      ) : null}
    </Card>
  );
}

function CountsTable() {
  const t = useT();
  const url = useUrlParams();
  const page = pickPage(url.params.get('page'));
  const list = useDocuments(STOCK_COUNT_KIND, {}, page);
  const rows = list.data?.results ?? [];
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.count / DOCUMENTS_PAGE_SIZE)) : 0;
  if (list.isError)
    return <ErrorMessage>{failureMessage(list.error, t('documents.list.loadFailed'))}</ErrorMessage>;
  return (
    <section aria-busy={list.isFetching} className="space-y-3">
      <Table caption={t('documents.stockCount.title')}>
        <THead>
          <tr>
            <TH>{t('documents.common.number')}</TH>
            <TH>{t('documents.common.date')}</TH>
            <TH>{t('documents.common.department')}</TH>
            <TH align="right">{t('documents.common.lines')}</TH>
            <TH>{t('documents.common.status')}</TH>
          </tr>
        </THead>
        <TBody>
          {list.isPending ? (
            <TableMessageRow colSpan={5}>
              <LoadingText className="justify-center">{t('documents.common.loading')}</LoadingText>
            </TableMessageRow>
          ) : rows.length === 0 ? (
            <TableMessageRow colSpan={5}>{t('documents.stockCount.empty')}</TableMessageRow>
          ) : (
            rows.map((d) => (
              <TR key={d.id} data-testid="stock-count-row" data-number={d.number}>
                <TD>
                  <Link
                    to={STOCK_COUNT_KIND.cardPath(d.id)}
                    className="font-mono font-medium text-brand-700 hover:underline"
                  >
                    {d.number}
                  </Link>
                </TD>
                <TD className="whitespace-nowrap text-slate-600">{formatDate(d.date)}</TD>
                <TD className="text-slate-600">
                  <span className="block max-w-40 truncate">{d.department.email}</span>
                </TD>
                <TD numeric>{d.line_count}</TD>
                <TD>
                  <DocumentStatusBadge status={d.status} />
                </TD>
              </TR>
            ))
          )}
        </TBody>
      </Table>
      {totalPages > 1 ? (
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={(next) => url.update({ page: String(next) })}
          disabled={list.isFetching}
        />
      ) : null}
    </section>
  );
}

/** /stock-counts */
export function StockCountsPage() {
  const t = useT();
  const me = useCurrentUser().data;
  return (
    <DocumentGuard kind={STOCK_COUNT_KIND}>
      <div className="space-y-5">
        <PageHeader
          title={t('documents.stockCount.title')}
          description={t('documents.stockCount.description')}
          className="mb-0"
        />
        {mayUseDocuments(me, STOCK_COUNT_KIND) ? <StartCountForm /> : null}
        <CountsTable />
      </div>
    </DocumentGuard>
  );
}
