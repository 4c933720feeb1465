import { D, type DocumentPage, type DocumentSummary } from '@app/shared';
import { Link } from 'react-router';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TFoot, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import type { DocumentKindConfig } from '../kinds.ts';
import { DocumentStatusBadge, Money, PartyLink } from './DocumentBits.tsx';

/** The posted documents' totals on this page, per currency (a reversed one counts for nothing). */
export function postedTotals(rows: readonly DocumentSummary[]): Array<{ code: string; total: string }> {
  const sums = new Map<string, InstanceType<typeof D>>();
  for (const row of rows)
    if (row.status === 'POSTED')
      sums.set(row.currency_code, (sums.get(row.currency_code) ?? new D(0)).plus(row.total));
  return [...sums].map(([code, total]) => ({ code, total: total.toFixed(2) }));
}

/**
 * A page of documents: number (to its card), date, counterparty, department (for those who read
 * the whole business), lines, total and status; the posted ones' totals per currency under it.
 */
export function DocumentsTable({
  kind,
  page,
  isPending,
  stale,
  showDepartment,
}: {
  kind: DocumentKindConfig;
  page: DocumentPage | undefined;
  isPending: boolean;
  stale: boolean;
  showDepartment: boolean;
}) {
  const t = useT();
  const rows = page?.results ?? [];
  const columns = 5 + Number(!kind.noCounterparty) + Number(showDepartment);
  const totals = postedTotals(rows);
  return (
    <Table caption={t(kind.words.title)} className={cn(stale && 'opacity-60 transition-opacity')}>
      <THead>
        <tr>
          <TH>{t('documents.common.number')}</TH>
          <TH>{t('documents.common.date')}</TH>
          {kind.noCounterparty ? null : <TH>{t(kind.words.counterparty)}</TH>}
          {showDepartment ? <TH>{t('documents.common.department')}</TH> : null}
          <TH align="right">{t('documents.common.lines')}</TH>
          <TH align="right">{t('documents.common.total')}</TH>
          <TH>{t('documents.common.status')}</TH>
        </tr>
      </THead>
      <TBody>
        {isPending ? (
          <TableMessageRow colSpan={columns}>
            <LoadingText className="justify-center">{t('documents.common.loading')}</LoadingText>
          </TableMessageRow>
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={columns}>{t(kind.words.empty)}</TableMessageRow>
        ) : (
          rows.map((d) => <DocumentRow key={d.id} kind={kind} d={d} showDepartment={showDepartment} />)
        )}
      </TBody>
      {totals.length > 0 ? (
        <TFoot>
          {totals.map((total) => (
            <tr key={total.code} data-testid="documents-total">
              <TD colSpan={columns - 3}>
                {t('documents.list.postedTotal')}
                <span className="block tabular-nums sm:hidden">
                  <Money value={total.total} code={total.code} />
                </span>
              </TD>
              <TD />
              <TD numeric>
                <Money value={total.total} code={total.code} />
              </TD>
              <TD />
            </tr>
          ))}
        </TFoot>
      ) : null}
    </Table>
  );
}

function DocumentRow({
  kind,
  d,
  showDepartment,
}: {
  kind: DocumentKindConfig;
  d: DocumentSummary;
  showDepartment: boolean;
}) {
  return (
    <TR data-testid="document-row" data-number={d.number}>
      <TD>
        <Link
          to={kind.cardPath(d.id)}
          className="inline-block min-w-max font-mono font-medium text-brand-700 hover:underline"
        >
          {d.number}
        </Link>
        {/* On a phone the total and the status come under the number, before the table scrolls. */}
        <span className="mt-1 block space-y-1 text-xs sm:hidden">
          <Money value={d.total} code={d.currency_code} className="block font-semibold tabular-nums" />
          <DocumentStatusBadge status={d.status} />
        </span>
      </TD>
      <TD className="whitespace-nowrap text-slate-600">{formatDate(d.date)}</TD>
      {kind.noCounterparty ? null : (
        <TD className="max-w-48">
          <span className="block truncate" title={d.counterparty?.name}>
            <PartyLink party={d.counterparty} />
          </span>
        </TD>
      )}
      {showDepartment ? (
        <TD className="text-slate-600">
          <span className="block max-w-36 truncate" title={d.department.email}>
            {d.department.email.split('@')[0]}
          </span>
        </TD>
      ) : null}
      <TD numeric>{d.line_count}</TD>
      <TD numeric className="font-semibold text-slate-900">
        <Money value={d.total} code={d.currency_code} />
      </TD>
      <TD className="whitespace-nowrap">
        <DocumentStatusBadge status={d.status} />
      </TD>
    </TR>
  );
}
