import { type Counterparty, type Debt, isAdministrator } from '@app/shared';
import { ArrowLeft, NotebookPen, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCounterparty } from '../../../api/counterparties.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useStatement } from '../api/statement.ts';
import { CounterpartyFormDialog, DeleteCounterpartyDialog } from '../components/CounterpartyDialogs.tsx';
import { CounterpartyOverview } from '../components/CounterpartyOverview.tsx';
import { KindBadge, OverdueBadge } from '../components/DebtBadges.tsx';
import { NewDebtDialog } from '../components/NewDebtDialog.tsx';
import { PagedDebtsTable, useDebtsPage } from '../components/PagedDebtsTable.tsx';
import { PayDebtDialog } from '../components/PayDebtDialog.tsx';
import { StatementTable } from '../components/StatementTable.tsx';
import { pickId } from '../debt-params.ts';
import { useUrlParams } from '../use-url-params.ts';

function BackLink() {
  const t = useT();
  return (
    <Link
      to={paths.counterparties}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('debts.counterparties.title')}
    </Link>
  );
}

/**
 * /counterparties/:id (DESIGN.md section 12): a counterparty's card. Its details, what remains
 * open per currency, its debts (a payment on each the user may pay), its statement with the
 * running balance, and "Qarz yozish" for a new debt without goods.
 */
export function CounterpartyPage() {
  const t = useT();
  const id = pickId(useParams().id ?? null);
  const counterparty = useCounterparty(id);
  if (
    id === undefined ||
    (counterparty.isError && counterparty.error instanceof ApiError && counterparty.error.status === 404)
  ) {
    return (
      <div className="space-y-4">
        <BackLink />
        <ErrorMessage>{t('debts.counterparty.notFound')}</ErrorMessage>
      </div>
    );
  }
  if (counterparty.isError) {
    return (
      <div className="space-y-4">
        <BackLink />
        <ErrorMessage>{failureMessage(counterparty.error, t('debts.counterparty.loadFailed'))}</ErrorMessage>
      </div>
    );
  }
  if (!counterparty.data) return <LoadingText>{t('debts.common.loading')}</LoadingText>;
  return <CounterpartyCard counterparty={counterparty.data} />;
}

function CounterpartyCard({ counterparty: c }: { counterparty: Counterparty }) {
  const t = useT();
  const url = useUrlParams();
  const list = useDebtsPage({ counterparty: c.id }, url);
  const debts = list.query;
  const admin = isAdministrator(useCurrentUser().data?.role);
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'debt' | null>(null);
  const [paying, setPaying] = useState<Debt | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const open = (next: typeof dialog) => {
    setNotice(null);
    setDialog(next);
  };

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <BackLink />
        <PageHeader
          title={c.name}
          className="mb-0"
          description={
            <span className="flex flex-wrap items-center gap-2">
              <KindBadge kind={c.kind} />
              <OverdueBadge count={c.overdue} />
            </span>
          }
          actions={<HeaderActions admin={admin} onOpen={open} />}
        />
      </div>
      {notice ? <SuccessMessage>{notice}</SuccessMessage> : null}

      <CounterpartyOverview counterparty={c} />

      <section
        aria-label={t('debts.counterparty.debtsTitle')}
        aria-busy={debts.isFetching}
        className="space-y-3"
      >
        <h2 className="text-lg font-semibold text-slate-900">{t('debts.counterparty.debtsTitle')}</h2>
        {debts.isError ? (
          <ErrorMessage>{failureMessage(debts.error, t('debts.common.debtsLoadFailed'))}</ErrorMessage>
        ) : null}
        <PagedDebtsTable
          debts={list}
          showCounterparty={false}
          emptyText={t('debts.counterparty.emptyDebts')}
          onPay={(d) => {
            setNotice(null);
            setPaying(d);
          }}
        />
      </section>

      <StatementSection id={c.id} />

      <CardDialogs
        counterparty={c}
        dialog={dialog}
        paying={paying}
        onClose={() => {
          setDialog(null);
          setPaying(null);
        }}
        onNotice={setNotice}
      />
    </div>
  );
}

/** Qarz yozish, edit, and delete for the administrators. */
function HeaderActions({
  admin,
  onOpen,
}: {
  admin: boolean;
  onOpen: (dialog: 'edit' | 'delete' | 'debt') => void;
}) {
  const t = useT();
  return (
    <>
      <Button onClick={() => onOpen('debt')} icon={<NotebookPen aria-hidden="true" className="h-4 w-4" />}>
        {t('debts.common.writeDebt')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => onOpen('edit')}
        icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
      >
        {t('debts.common.edit')}
      </Button>
      {admin ? (
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={() => onOpen('delete')}
          icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
        >
          {t('debts.common.delete')}
        </Button>
      ) : null}
    </>
  );
}

/** The statement: debts and payments in time order, with the running balance. */
function StatementSection({ id }: { id: number }) {
  const t = useT();
  const statement = useStatement(id);
  return (
    <section aria-label={t('debts.common.statement')} className="space-y-3">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('debts.common.statement')}</h2>
        <p className="text-sm text-slate-500">{t('debts.counterparty.statementHint')}</p>
      </div>
      {statement.isError ? (
        <ErrorMessage>
          {failureMessage(statement.error, t('debts.counterparty.statementFailed'))}
        </ErrorMessage>
      ) : null}
      <StatementTable lines={statement.data} isPending={statement.isPending} />
    </section>
  );
}

/** The card's dialogs: edit, delete (back to the list after), a new debt, and a payment. */
function CardDialogs({
  counterparty: c,
  dialog,
  paying,
  onClose,
  onNotice,
}: {
  counterparty: Counterparty;
  dialog: 'edit' | 'delete' | 'debt' | null;
  paying: Debt | null;
  onClose: () => void;
  onNotice: (notice: string) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      {dialog === 'edit' ? (
        <CounterpartyFormDialog
          counterparty={c}
          onClose={onClose}
          onSaved={(saved) => onNotice(t('debts.common.saved', { name: saved.name }))}
        />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteCounterpartyDialog
          counterparty={c}
          onClose={onClose}
          onDeleted={() => navigate(paths.counterparties, { replace: true })}
        />
      ) : null}
      {dialog === 'debt' ? (
        <NewDebtDialog counterparty={{ id: c.id, name: c.name }} onClose={onClose} onSaved={onNotice} />
      ) : null}
      {paying ? <PayDebtDialog key={paying.id} debt={paying} onClose={onClose} onPaid={onNotice} /> : null}
    </>
  );
}
