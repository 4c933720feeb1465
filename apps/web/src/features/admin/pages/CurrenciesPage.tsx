import {
  AUDIT_PAGE_SIZE,
  type CbuImportResult,
  type Currency,
  formatRate,
  PIVOT_CURRENCY_CODE,
} from '@app/shared';
import { Landmark, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCurrencies } from '../../finance/api/currencies.ts';
import { useImportCbu, useRateHistory } from '../api/rates.ts';
import { AddCurrencyDialog, SetRateDialog } from '../components/CurrencyDialogs.tsx';
import { RateChart } from '../components/RateChart.tsx';

function importSummary(result: CbuImportResult): string {
  const updated = result.updated.map((u) => `${u.code} ${formatRate(u.rate_to_uzs)}`).join(', ');
  return updated
    ? `Markaziy bank kurslari (${result.date}) o'rnatildi: ${updated} UZS.`
    : `Markaziy bank kurslari (${result.date}): hamma kurslar o'zgarmagan.`;
}

/**
 * /admin/currencies (DESIGN.md section 9): the business's currencies at their rates in force, a
 * new rate or currency, the Central Bank's rates on demand, and a currency's rate history as a
 * table and a line.
 */
export function CurrenciesPage() {
  const currencies = useCurrencies();
  const importCbu = useImportCbu();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Currency | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [imported, setImported] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);

  const rows = currencies.data ?? [];
  const selected =
    rows.find((c) => c.id === selectedId) ?? rows.find((c) => c.code !== PIVOT_CURRENCY_CODE) ?? null;
  const history = useRateHistory(selected?.id ?? null, page);
  const totalPages = history.data ? Math.max(1, Math.ceil(history.data.count / AUDIT_PAGE_SIZE)) : 0;

  function select(id: number) {
    setSelectedId(id);
    setPage(1);
  }

  async function runImport() {
    setImported(null);
    setImportError(null);
    try {
      setImported(importSummary(await importCbu.mutateAsync()));
    } catch (err) {
      setImportError(failureMessage(err, "Markaziy bank kurslarini olib bo'lmadi."));
    }
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby="currencies-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="currencies-heading" className="text-lg font-semibold text-slate-900">
            Valyutalar va kurslar
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={runImport}
              loading={importCbu.isPending}
              icon={<Landmark aria-hidden="true" className="h-4 w-4" />}
            >
              Markaziy bank kurslarini olish
            </Button>
            <Button onClick={() => setAdding(true)} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
              Valyuta qo'shish
            </Button>
          </div>
        </div>
        {imported ? <SuccessMessage>{imported}</SuccessMessage> : null}
        {importError ? <ErrorMessage>{importError}</ErrorMessage> : null}
        {currencies.isError ? (
          <ErrorMessage>{failureMessage(currencies.error, "Valyutalarni yuklab bo'lmadi.")}</ErrorMessage>
        ) : null}
        <Table caption="Valyutalar">
          <THead>
            <tr>
              <TH>Kodi</TH>
              <TH className="hidden sm:table-cell">Nomi</TH>
              <TH align="right">Kurs (UZS)</TH>
              <TH align="right">Amallar</TH>
            </tr>
          </THead>
          <TBody>
            {currencies.isPending ? (
              <TableMessageRow colSpan={4}>Yuklanmoqda...</TableMessageRow>
            ) : (
              rows.map((c) => {
                const pivot = c.code === PIVOT_CURRENCY_CODE;
                return (
                  <TR key={c.id} data-testid="currency-row" aria-selected={selected?.id === c.id}>
                    <TD className="font-medium text-slate-900">{c.code}</TD>
                    <TD className="hidden sm:table-cell">{c.name}</TD>
                    <TD numeric>{formatRate(c.rate_to_uzs)}</TD>
                    <TD className="text-right whitespace-nowrap">
                      {pivot ? (
                        <Badge tone="gray">Asosiy valyuta</Badge>
                      ) : (
                        <span className="inline-flex gap-1 sm:gap-2">
                          <Button size="sm" variant="ghost" onClick={() => select(c.id)}>
                            Tarix
                          </Button>
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label="Kursni o'zgartirish"
                            onClick={() => setEditing(c)}
                          >
                            <span className="sm:hidden">Kurs</span>
                            <span className="hidden sm:inline">Kursni o'zgartirish</span>
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
      </section>

      {selected ? (
        <section aria-labelledby="history-heading" className="space-y-3">
          <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
            {selected.code} kursi tarixi
          </h2>
          <Card className="p-4">
            {history.data ? (
              <RateChart rows={history.data.results} code={selected.code} />
            ) : (
              <p className="py-10 text-center text-sm text-slate-500">Yuklanmoqda...</p>
            )}
          </Card>
          {history.isError ? (
            <ErrorMessage>{failureMessage(history.error, "Kurslar tarixini yuklab bo'lmadi.")}</ErrorMessage>
          ) : null}
          <Table caption={`${selected.code} kursi tarixi`}>
            <THead>
              <tr>
                <TH>Vaqt</TH>
                <TH align="right">Kurs (UZS)</TH>
                <TH>Manba</TH>
                <TH className="hidden sm:table-cell">Kim</TH>
              </tr>
            </THead>
            <TBody>
              {history.isPending ? (
                <TableMessageRow colSpan={4}>Yuklanmoqda...</TableMessageRow>
              ) : (
                history.data?.results.map((r) => (
                  <TR key={r.id} data-testid="rate-row">
                    <TD className="whitespace-nowrap">{formatDateTime(r.created_at)}</TD>
                    <TD numeric>{formatRate(r.rate_to_uzs)}</TD>
                    <TD>
                      {r.source === 'CBU' ? (
                        <Badge tone="blue">Markaziy bank{r.rate_date ? `, ${r.rate_date}` : ''}</Badge>
                      ) : (
                        <Badge tone="gray">Qo'lda</Badge>
                      )}
                    </TD>
                    <TD className="hidden sm:table-cell">{r.created_by ? r.created_by.email : 'Tizim'}</TD>
                  </TR>
                ))
              )}
            </TBody>
          </Table>
          {totalPages > 1 ? (
            <Pagination
              page={page}
              totalPages={totalPages}
              onPageChange={setPage}
              disabled={history.isFetching}
            />
          ) : null}
        </section>
      ) : null}

      <AddCurrencyDialog open={adding} onClose={() => setAdding(false)} />
      <SetRateDialog currency={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
