import { COUNTERPARTY_KINDS, type Counterparty, DEBTS_PAGE_SIZE, isAdministrator } from '@app/shared';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { useCounterparties } from '../api/counterparties.ts';
import { CounterpartyFormDialog, DeleteCounterpartyDialog } from '../components/CounterpartyDialogs.tsx';
import { KindBadge, OverdueBadge } from '../components/DebtBadges.tsx';
import { OpenAmounts } from '../components/OpenAmounts.tsx';
import { counterpartyFiltersFromParams, counterpartyPath, pickPage } from '../debt-params.ts';
import { KIND_LABELS } from '../debt-rules.ts';
import { useUrlParams } from '../use-url-params.ts';

const TYPING_PAUSE_MS = 300;
const COLUMNS = 7;

/**
 * /counterparties (DESIGN.md section 12): customers and suppliers, searched by name, phone or
 * STIR and filtered by kind (in the URL), with what remains open per currency and their overdue
 * debts; add and edit for everyone, delete for the administrators.
 */
export function CounterpartiesPage() {
  const url = useUrlParams();
  const filters = useMemo(() => counterpartyFiltersFromParams(url.params), [url.params]);
  const page = pickPage(url.params.get('page'));
  const list = useCounterparties(filters, page);
  const admin = isAdministrator(useCurrentUser().data?.role);
  const [typed, setTyped] = useState(filters.search ?? '');
  const [editing, setEditing] = useState<Counterparty | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Counterparty | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // The search follows the typing after a pause (one request per pause, not per key).
  const { update } = url;
  const current = filters.search ?? '';
  useEffect(() => {
    if (typed.trim() === current) return;
    const timer = setTimeout(() => update({ search: typed.trim() }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, current, update]);

  const rows = list.data?.results ?? [];
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.count / DEBTS_PAGE_SIZE)) : 0;

  return (
    <div className="space-y-5">
      <PageHeader
        title="Kontragentlar"
        description={list.data ? `${list.data.count} ta kontragent` : 'Mijozlar va yetkazib beruvchilar'}
        className="mb-0"
        actions={
          <Button
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          >
            Yangi kontragent
          </Button>
        }
      />
      <Card className="flex flex-wrap items-end gap-3 p-4">
        <Input
          label="Qidirish"
          type="search"
          placeholder="Nomi, telefon yoki STIR"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          trailing={<Search aria-hidden="true" className="mr-2 h-4 w-4 text-slate-400" />}
          className="w-full sm:w-80"
        />
        <Select
          label="Turi"
          className="w-full sm:w-52"
          value={filters.kind ?? ''}
          onChange={(e) => update({ kind: e.target.value })}
          options={[
            { value: '', label: 'Hammasi' },
            ...COUNTERPARTY_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
          ]}
        />
      </Card>
      {notice ? <SuccessMessage>{notice}</SuccessMessage> : null}
      {list.isError ? (
        <ErrorMessage>{failureMessage(list.error, "Kontragentlarni yuklab bo'lmadi.")}</ErrorMessage>
      ) : null}
      <section aria-label="Kontragentlar jadvali" aria-busy={list.isFetching} className="space-y-3">
        <Table
          caption="Kontragentlar"
          className={cn('[&_td]:px-3 [&_th]:px-3', list.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          <THead>
            <tr>
              <TH>Nomi</TH>
              <TH>Turi</TH>
              <TH>Telefon</TH>
              <TH>STIR</TH>
              <TH align="right" title="Ular bizga qarzdor">
                Olinadigan
              </TH>
              <TH align="right" title="Biz ularga qarzdormiz">
                Beriladigan
              </TH>
              {/* No visually hidden text here: at the row's far end it would widen the page. */}
              <TH aria-label="Amallar" />
            </tr>
          </THead>
          <TBody>
            {list.isPending ? (
              <TableMessageRow colSpan={COLUMNS}>
                <LoadingText className="justify-center">Yuklanmoqda...</LoadingText>
              </TableMessageRow>
            ) : rows.length === 0 ? (
              <TableMessageRow colSpan={COLUMNS}>
                {filters.search || filters.kind
                  ? 'Hech narsa topilmadi.'
                  : "Hali kontragent yo'q: birinchisini qo'shing."}
              </TableMessageRow>
            ) : (
              rows.map((c) => (
                <TR key={c.id} data-testid="counterparty-row">
                  <TD>
                    <Link
                      to={counterpartyPath(c.id)}
                      className="block w-44 font-medium break-words whitespace-normal text-brand-700 hover:underline sm:w-auto sm:max-w-xs"
                    >
                      {c.name}
                    </Link>
                    <OverdueBadge count={c.overdue} />
                    {/* On a phone the open amounts come under the name, before the table scrolls. */}
                    <span className="mt-1 flex w-44 flex-col gap-0.5 text-xs whitespace-normal sm:hidden">
                      <OpenAmounts open={c.open} side="receivable" inline />
                      <OpenAmounts open={c.open} side="payable" inline />
                    </span>
                  </TD>
                  <TD>
                    <KindBadge kind={c.kind} />
                  </TD>
                  <TD className="tabular-nums">{c.phone || '—'}</TD>
                  <TD className="tabular-nums">{c.tin ?? '—'}</TD>
                  <TD numeric>
                    <OpenAmounts open={c.open} side="receivable" />
                  </TD>
                  <TD numeric>
                    <OpenAmounts open={c.open} side="payable" />
                  </TD>
                  <TD className="text-right">
                    <span className="inline-flex gap-1">
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={`Tahrirlash: ${c.name}`}
                        title="Tahrirlash"
                        onClick={() => {
                          setNotice(null);
                          setEditing(c);
                        }}
                        icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
                      />
                      {admin ? (
                        <Button
                          size="icon"
                          variant="ghost"
                          className="text-red-700 hover:bg-red-50"
                          aria-label={`O'chirish: ${c.name}`}
                          title="O'chirish"
                          onClick={() => {
                            setNotice(null);
                            setDeleting(c);
                          }}
                          icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
                        />
                      ) : null}
                    </span>
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
            onPageChange={(next) => update({ page: String(next) })}
            disabled={list.isFetching}
          />
        ) : null}
      </section>
      {editing ? (
        <CounterpartyFormDialog
          counterparty={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) =>
            setNotice(editing === 'new' ? `«${saved.name}» qo'shildi.` : `«${saved.name}» saqlandi.`)
          }
        />
      ) : null}
      {deleting ? (
        <DeleteCounterpartyDialog
          counterparty={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(name) => setNotice(`«${name}» o'chirildi.`)}
        />
      ) : null}
    </div>
  );
}
