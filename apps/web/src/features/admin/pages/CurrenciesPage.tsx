import {
  AUDIT_PAGE_SIZE,
  type CbuImportResult,
  type Currency,
  formatRate,
  PIVOT_CURRENCY_CODE,
} from '@app/shared';
import { Landmark, Plus } from 'lucide-react';
import { useState } from 'react';
import { useCurrencies } from '../../../api/currencies.ts';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useImportCbu, useRateHistory } from '../api/rates.ts';
import { AddCurrencyDialog, SetRateDialog } from '../components/CurrencyDialogs.tsx';
import { RateChart } from '../components/RateChart.tsx';

function importSummary(result: CbuImportResult, t: Translate): string {
  const updated = result.updated.map((u) => `${u.code} ${formatRate(u.rate_to_uzs)}`).join(', ');
  return updated
    ? t('admin.currencies.cbuImported', { date: formatDate(result.date), rates: updated })
    : t('admin.currencies.cbuUnchanged', { date: formatDate(result.date) });
}

/**
 * /admin/currencies (DESIGN.md section 9): the business's currencies at their rates in force, a
 * new rate or currency, the Central Bank's rates on demand, and a currency's rate history as a
 * table and a line.
 */
export function CurrenciesPage() {
  const t = useT();
  const currencies = useCurrencies();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Currency | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const { runImport, importing, imported, importError } = useCbuImport();

  const rows = currencies.data ?? [];
  const selected =
    rows.find((c) => c.id === selectedId) ?? rows.find((c) => c.code !== PIVOT_CURRENCY_CODE) ?? null;
  const history = useRateHistory(selected?.id ?? null, page);
  const totalPages = history.data ? Math.max(1, Math.ceil(history.data.count / AUDIT_PAGE_SIZE)) : 0;

  function select(id: number) {
    setSelectedId(id);
    setPage(1);
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby="currencies-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="currencies-heading" className="text-lg font-semibold text-slate-900">
            {t('admin.currencies.title')}
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={runImport}
              loading={importing}
              icon={<Landmark aria-hidden="true" className="h-4 w-4" />}
            >
              {t('admin.currencies.cbuImport')}
            </Button>
            <Button onClick={() => setAdding(true)} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
              {t('admin.currencies.add')}
            </Button>
          </div>
        </div>
        {imported ? <SuccessMessage>{imported}</SuccessMessage> : null}
        {importError ? <ErrorMessage>{importError}</ErrorMessage> : null}
        {currencies.isError ? (
          <ErrorMessage>{failureMessage(currencies.error, t('admin.currencies.loadFailed'))}</ErrorMessage>
        ) : null}
        <CurrenciesTable
          rows={rows}
          pending={currencies.isPending}
          selectedId={selected?.id}
          onHistory={select}
          onChangeRate={setEditing}
        />
      </section>

      {selected ? (
        <RateHistory
          selected={selected}
          history={history}
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
        />
      ) : null}

      <AddCurrencyDialog open={adding} onClose={() => setAdding(false)} />
      <SetRateDialog currency={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/** The currencies at their rates in force; history and a new rate for all but the pivot. */
function CurrenciesTable({
  rows,
  pending,
  selectedId,
  onHistory,
  onChangeRate,
}: {
  rows: Currency[];
  pending: boolean;
  selectedId: number | undefined;
  onHistory: (id: number) => void;
  onChangeRate: (currency: Currency) => void;
}) {
  const t = useT();
  return (
    <Table caption={t('admin.currencies.caption')}>
      <THead>
        <tr>
          <TH>{t('admin.currencies.code')}</TH>
          <TH className="hidden sm:table-cell">{t('admin.currencies.name')}</TH>
          <TH align="right">{t('admin.rates.rateUzs')}</TH>
          <TH align="right">{t('admin.table.actions')}</TH>
        </tr>
      </THead>
      <TBody>
        {pending ? (
          <TableMessageRow colSpan={4}>{t('admin.table.loading')}</TableMessageRow>
        ) : (
          rows.map((c) => {
            const pivot = c.code === PIVOT_CURRENCY_CODE;
            return (
              <TR key={c.id} data-testid="currency-row" aria-selected={selectedId === c.id}>
                <TD className="font-medium text-slate-900">{c.code}</TD>
                <TD className="hidden sm:table-cell">{c.name}</TD>
                <TD numeric>{formatRate(c.rate_to_uzs)}</TD>
                <TD className="text-right whitespace-nowrap">
                  {pivot ? (
                    <Badge tone="gray">{t('admin.currencies.pivot')}</Badge>
                  ) : (
                    <span className="inline-flex gap-1 sm:gap-2">
                      <Button size="sm" variant="ghost" onClick={() => onHistory(c.id)}>
                        {t('admin.currencies.history')}
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('admin.currencies.changeRate')}
                        onClick={() => onChangeRate(c)}
                      >
                        <span className="sm:hidden">{t('admin.currencies.changeRateShort')}</span>
                        <span className="hidden sm:inline">{t('admin.currencies.changeRate')}</span>
                      </Button>
                    </span>
                  )}
                </TD>
              </TR>
            );
          })
        )}
      </TBody>
    </Table>
  );
}

/** A currency's rates over time: the line, then the table, 50 a page. */
function RateHistory({
  selected,
  history,
  page,
  totalPages,
  onPageChange,
}: {
  selected: Currency;
  history: ReturnType<typeof useRateHistory>;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  const t = useT();
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.rates.historyTitle', { code: selected.code })}
      </h2>
      <Card className="p-4">
        {history.data ? (
          <RateChart rows={history.data.results} code={selected.code} />
        ) : (
          <p className="py-10 text-center text-sm text-slate-500">{t('admin.table.loading')}</p>
        )}
      </Card>
      {history.isError ? (
        <ErrorMessage>{failureMessage(history.error, t('admin.rates.loadFailed'))}</ErrorMessage>
      ) : null}
      <Table caption={t('admin.rates.historyTitle', { code: selected.code })}>
        <THead>
          <tr>
            <TH>{t('admin.rates.time')}</TH>
            <TH align="right">{t('admin.rates.rateUzs')}</TH>
            <TH>{t('admin.rates.source')}</TH>
            <TH className="hidden sm:table-cell">{t('admin.rates.who')}</TH>
          </tr>
        </THead>
        <TBody>
          {history.isPending ? (
            <TableMessageRow colSpan={4}>{t('admin.table.loading')}</TableMessageRow>
          ) : (
            history.data?.results.map((r) => (
              <TR key={r.id} data-testid="rate-row">
                <TD className="whitespace-nowrap">{formatDateTime(r.created_at)}</TD>
                <TD numeric>{formatRate(r.rate_to_uzs)}</TD>
                <TD>
                  {r.source === 'CBU' ? (
                    <Badge tone="blue">
                      {r.rate_date
                        ? t('admin.rates.sourceCbuDated', { date: formatDate(r.rate_date) })
                        : t('admin.rates.sourceCbu')}
                    </Badge>
                  ) : (
                    <Badge tone="gray">{t('admin.rates.sourceManual')}</Badge>
                  )}
                </TD>
                <TD className="hidden sm:table-cell">
                  {r.created_by ? r.created_by.email : t('admin.rates.system')}
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
          onPageChange={onPageChange}
          disabled={history.isFetching}
        />
      ) : null}
    </section>
  );
}

/** The Central Bank's rates on demand, with what it changed or why it failed. */
function useCbuImport() {
  const t = useT();
  const importCbu = useImportCbu();
  const [imported, setImported] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  async function runImport() {
    setImported(null);
    setImportError(null);
    try {
      setImported(importSummary(await importCbu.mutateAsync(), t));
    } catch (err) {
      setImportError(failureMessage(err, t('admin.currencies.cbuFailed')));
    }
  }
  return { runImport, importing: importCbu.isPending, imported, importError };
}
