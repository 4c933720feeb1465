import { COUNTERPARTY_KINDS, type Counterparty, DEBTS_PAGE_SIZE, isAdministrator } from '@app/shared';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCounterparties } from '../../../api/counterparties.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { CounterpartyFormDialog, DeleteCounterpartyDialog } from '../components/CounterpartyDialogs.tsx';
import { KindBadge, OverdueBadge } from '../components/DebtBadges.tsx';
import { OpenAmounts } from '../components/OpenAmounts.tsx';
import { counterpartyFiltersFromParams, counterpartyPath, pickPage } from '../debt-params.ts';
import { DIRECTION_LABELS, KIND_LABELS } from '../debt-rules.ts';
import { useUrlParams } from '../use-url-params.ts';

const TYPING_PAUSE_MS = 300;
const COLUMNS = 7;

/**
 * /counterparties (DESIGN.md section 12): customers and suppliers, searched by name, phone or
 * STIR and filtered by kind (in the URL), with what remains open per currency and their overdue
 * debts; add and edit for everyone, delete for the administrators.
 */
export function CounterpartiesPage() {
  const t = useT();
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
        title={t('debts.counterparties.title')}
        description={
          list.data
            ? t('debts.counterparties.count', { count: list.data.count })
            : t('debts.counterparties.description')
        }
        className="mb-0"
        actions={
          <Button
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          >
            {t('debts.counterpartyForm.newTitle')}
          </Button>
        }
      />
      <Card className="flex flex-wrap items-end gap-3 p-4">
        <Input
          label={t('debts.counterparties.search')}
          type="search"
          placeholder={t('debts.counterparties.searchPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          trailing={<Search aria-hidden="true" className="mr-2 h-4 w-4 text-slate-400" />}
          className="w-full sm:w-80"
        />
        <Select
          label={t('debts.common.kind')}
          className="w-full sm:w-52"
          value={filters.kind ?? ''}
          onChange={(e) => update({ kind: e.target.value })}
          options={[
            { value: '', label: t('debts.common.all') },
            ...COUNTERPARTY_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) })),
          ]}
        />
      </Card>
      {notice ? <SuccessMessage>{notice}</SuccessMessage> : null}
      {list.isError ? (
        <ErrorMessage>{failureMessage(list.error, t('debts.counterparties.loadFailed'))}</ErrorMessage>
      ) : null}
      <section
        aria-label={t('debts.counterparties.tableLabel')}
        aria-busy={list.isFetching}
        className="space-y-3"
      >
        <Table
          caption={t('debts.counterparties.title')}
          className={cn('[&_td]:px-3 [&_th]:px-3', list.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          <THead>
            <tr>
              <TH>{t('debts.common.name')}</TH>
              <TH>{t('debts.common.kind')}</TH>
              <TH>{t('debts.common.phone')}</TH>
              <TH>{t('debts.common.tin')}</TH>
              <TH align="right" title={t('debts.common.theyOweUs')}>
                {t(DIRECTION_LABELS.RECEIVABLE)}
              </TH>
              <TH align="right" title={t('debts.common.weOweThem')}>
                {t(DIRECTION_LABELS.PAYABLE)}
              </TH>
              {/* No visually hidden text here: at the row's far end it would widen the page. */}
              <TH aria-label={t('debts.common.actions')} />
            </tr>
          </THead>
          <TBody>
            {list.isPending ? (
              <TableMessageRow colSpan={COLUMNS}>
                <LoadingText className="justify-center">{t('debts.common.loading')}</LoadingText>
              </TableMessageRow>
            ) : rows.length === 0 ? (
              <TableMessageRow colSpan={COLUMNS}>
                {filters.search || filters.kind
                  ? t('debts.counterparties.emptyFiltered')
                  : t('debts.counterparties.emptyNone')}
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
                        aria-label={t('debts.counterparties.editAria', { name: c.name })}
                        title={t('debts.common.edit')}
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
                          aria-label={t('debts.counterparties.deleteAria', { name: c.name })}
                          title={t('debts.common.delete')}
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
            setNotice(
              editing === 'new'
                ? t('debts.counterparties.added', { name: saved.name })
                : t('debts.common.saved', { name: saved.name }),
            )
          }
        />
      ) : null}
      {deleting ? (
        <DeleteCounterpartyDialog
          counterparty={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(name) => setNotice(t('debts.counterparties.deleted', { name }))}
        />
      ) : null}
    </div>
  );
}
