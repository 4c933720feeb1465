import {
  COUNTERPARTY_KINDS,
  type Counterparty,
  type CounterpartyKind,
  DEBTS_PAGE_SIZE,
  isAdministrator,
} from '@app/shared';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useCounterparties } from '../../../api/counterparties.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { SearchInput } from '../../../components/ui/SearchInput.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { CounterpartiesTable } from '../components/CounterpartiesTable.tsx';
import { CounterpartyFormDialog, DeleteCounterpartyDialog } from '../components/CounterpartyDialogs.tsx';
import { counterpartyFiltersFromParams, pickPage } from '../debt-params.ts';
import { KIND_LABELS } from '../debt-rules.ts';
import { useUrlParams } from '../use-url-params.ts';

const TYPING_PAUSE_MS = 300;

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

  const { update } = url;
  useSearchAfterPause(typed, filters.search ?? '', update);

  const rows = list.data?.results ?? [];
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.count / DEBTS_PAGE_SIZE)) : 0;

  return (
    <div className="space-y-5">
      <ListHeader
        count={list.data?.count}
        onAdd={() => {
          setNotice(null);
          setEditing('new');
        }}
      />
      <CounterpartyFilterBar
        typed={typed}
        onType={setTyped}
        kind={filters.kind}
        onKind={(kind) => update({ kind })}
      />
      {notice ? <SuccessMessage>{notice}</SuccessMessage> : null}
      {list.isError ? (
        <ErrorMessage>{failureMessage(list.error, t('debts.counterparties.loadFailed'))}</ErrorMessage>
      ) : null}
      <section
        aria-label={t('debts.counterparties.tableLabel')}
        aria-busy={list.isFetching}
        className="space-y-3"
      >
        <CounterpartiesTable
          rows={rows}
          pending={list.isPending}
          placeholder={list.isPlaceholderData}
          filtered={Boolean(filters.search || filters.kind)}
          admin={admin}
          onEdit={(c) => {
            setNotice(null);
            setEditing(c);
          }}
          onDelete={(c) => {
            setNotice(null);
            setDeleting(c);
          }}
        />
        {totalPages > 1 ? (
          <Pagination
            page={page}
            totalPages={totalPages}
            onPageChange={(next) => update({ page: String(next) })}
            disabled={list.isFetching}
          />
        ) : null}
      </section>
      <Dialogs
        editing={editing}
        deleting={deleting}
        onClose={() => {
          setEditing(null);
          setDeleting(null);
        }}
        onNotice={setNotice}
      />
    </div>
  );
}

/** The search box (followed after a typing pause) and the kind filter. */
function CounterpartyFilterBar({
  typed,
  onType,
  kind,
  onKind,
}: {
  typed: string;
  onType: (text: string) => void;
  kind: CounterpartyKind | undefined;
  onKind: (kind: string) => void;
}) {
  const t = useT();
  return (
    <Card className="flex flex-wrap items-end gap-3 p-4">
      <SearchInput
        label={t('debts.counterparties.search')}
        placeholder={t('debts.counterparties.searchPlaceholder')}
        value={typed}
        onText={onType}
        className="w-full sm:w-80"
      />
      <Select
        label={t('debts.common.kind')}
        className="w-full sm:w-52"
        value={kind ?? ''}
        onChange={(e) => onKind(e.target.value)}
        options={[
          { value: '', label: t('debts.common.all') },
          ...COUNTERPARTY_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) })),
        ]}
      />
    </Card>
  );
}

/** The search follows the typing after a pause (one request per pause, not per key). */
function useSearchAfterPause(
  typed: string,
  current: string,
  update: (changes: Record<string, string>) => void,
) {
  useEffect(() => {
    if (typed.trim() === current) return;
    const timer = setTimeout(() => update({ search: typed.trim() }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, current, update]);
}

/** The add/edit and delete dialogs, which tell the page what to announce. */
function Dialogs({
  editing,
  deleting,
  onClose,
  onNotice,
}: {
  editing: Counterparty | 'new' | null;
  deleting: Counterparty | null;
  onClose: () => void;
  onNotice: (notice: string) => void;
}) {
  const t = useT();
  return (
    <>
      {editing ? (
        <CounterpartyFormDialog
          counterparty={editing === 'new' ? undefined : editing}
          onClose={onClose}
          onSaved={(saved) =>
            onNotice(
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
          onClose={onClose}
          onDeleted={(name) => onNotice(t('debts.counterparties.deleted', { name }))}
        />
      ) : null}
    </>
  );
}

function ListHeader({ count, onAdd }: { count: number | undefined; onAdd: () => void }) {
  const t = useT();
  return (
    <PageHeader
      title={t('debts.counterparties.title')}
      description={
        count !== undefined
          ? t('debts.counterparties.count', { count })
          : t('debts.counterparties.description')
      }
      className="mb-0"
      actions={
        <Button onClick={onAdd} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
          {t('debts.counterpartyForm.newTitle')}
        </Button>
      }
    />
  );
}
