import {
  type Counterparty,
  DEBTS_PAGE_SIZE,
  type Debt,
  formatMoneyFixed,
  isAdministrator,
} from '@app/shared';
import { ArrowLeft, NotebookPen, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCounterparty } from '../api/counterparty.ts';
import { useDebts } from '../api/debts.ts';
import { useStatement } from '../api/statement.ts';
import { CounterpartyFormDialog, DeleteCounterpartyDialog } from '../components/CounterpartyDialogs.tsx';
import { KindBadge, OverdueBadge } from '../components/DebtBadges.tsx';
import { DebtsTable } from '../components/DebtsTable.tsx';
import { NewDebtDialog } from '../components/NewDebtDialog.tsx';
import { PayDebtDialog } from '../components/PayDebtDialog.tsx';
import { StatementTable } from '../components/StatementTable.tsx';
import { pickId, pickPage } from '../debt-params.ts';
import { DIRECTION_HINTS, DIRECTION_LABELS, netBalance, signOf } from '../debt-rules.ts';
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
  const navigate = useNavigate();
  const url = useUrlParams();
  const page = pickPage(url.params.get('page'));
  const debts = useDebts({ counterparty: c.id }, page);
  const statement = useStatement(c.id);
  const admin = isAdministrator(useCurrentUser().data?.role);
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'debt' | null>(null);
  const [paying, setPaying] = useState<Debt | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const totalPages = debts.data ? Math.max(1, Math.ceil(debts.data.count / DEBTS_PAGE_SIZE)) : 0;
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
          actions={
            <>
              <Button
                onClick={() => open('debt')}
                icon={<NotebookPen aria-hidden="true" className="h-4 w-4" />}
              >
                {t('debts.common.writeDebt')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => open('edit')}
                icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
              >
                {t('debts.common.edit')}
              </Button>
              {admin ? (
                <Button
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => open('delete')}
                  icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
                >
                  {t('debts.common.delete')}
                </Button>
              ) : null}
            </>
          }
        />
      </div>
      {notice ? <SuccessMessage>{notice}</SuccessMessage> : null}

      <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <Card className="p-5">
          <h2 className="mb-3 text-base font-semibold text-slate-900">{t('debts.counterparty.details')}</h2>
          <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">
            <Detail label={t('debts.common.phone')}>{c.phone || '—'}</Detail>
            <Detail label={t('debts.common.tin')}>{c.tin ?? '—'}</Detail>
            <Detail label={t('debts.common.note')}>
              <span className="whitespace-pre-line">{c.note || '—'}</span>
            </Detail>
            <Detail label={t('debts.counterparty.added')}>{formatDateTime(c.created_at)}</Detail>
          </dl>
        </Card>
        <Card className="p-5" data-testid="open-balances">
          <h2 className="mb-3 text-base font-semibold text-slate-900">{t('debts.counterparty.openTitle')}</h2>
          {c.open.length === 0 ? (
            <p className="text-sm text-slate-500">{t('debts.common.noOpenDebts')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {c.open.map((o) => {
                const net = netBalance(o);
                return (
                  <li
                    key={o.currency_code}
                    data-testid={`open-${o.currency_code}`}
                    className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-2.5 first:pt-0 last:pb-0"
                  >
                    <span className="font-semibold text-slate-700">{o.currency_code}</span>
                    {/* On phones a line per figure, label left and figure right: three figures side by
                        side broke a long one over two lines (DESIGN.md section 16). */}
                    <dl className="grid w-full grid-cols-1 gap-y-1 text-sm sm:w-auto sm:max-w-md sm:flex-1 sm:grid-cols-3 sm:gap-x-3 sm:text-right">
                      <div className="flex flex-wrap items-baseline justify-between gap-x-3 sm:block">
                        <dt className="text-xs text-slate-500" title={t('debts.common.theyOweUs')}>
                          {t(DIRECTION_LABELS.RECEIVABLE)}
                        </dt>
                        <dd className="whitespace-nowrap text-emerald-700 tabular-nums">
                          {formatMoneyFixed(o.receivable)}
                        </dd>
                      </div>
                      <div className="flex flex-wrap items-baseline justify-between gap-x-3 sm:block">
                        <dt className="text-xs text-slate-500" title={t('debts.common.weOweThem')}>
                          {t(DIRECTION_LABELS.PAYABLE)}
                        </dt>
                        <dd className="whitespace-nowrap text-rose-700 tabular-nums">
                          {formatMoneyFixed(o.payable)}
                        </dd>
                      </div>
                      <div className="flex flex-wrap items-baseline justify-between gap-x-3 sm:block">
                        <dt className="text-xs text-slate-500" title={t('debts.counterparty.netTitle')}>
                          {t('debts.counterparty.net')}
                        </dt>
                        <dd className="whitespace-nowrap font-semibold text-slate-900 tabular-nums">
                          {formatMoneyFixed(net)}
                        </dd>
                        {signOf(net) === 0 ? null : (
                          <dd className="basis-full text-right text-xs text-slate-500">
                            {t(signOf(net) > 0 ? DIRECTION_HINTS.RECEIVABLE : DIRECTION_HINTS.PAYABLE)}
                          </dd>
                        )}
                      </div>
                    </dl>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      </div>

      <section
        aria-label={t('debts.counterparty.debtsTitle')}
        aria-busy={debts.isFetching}
        className="space-y-3"
      >
        <h2 className="text-lg font-semibold text-slate-900">{t('debts.counterparty.debtsTitle')}</h2>
        {debts.isError ? (
          <ErrorMessage>{failureMessage(debts.error, t('debts.common.debtsLoadFailed'))}</ErrorMessage>
        ) : null}
        <DebtsTable
          page={debts.data}
          isPending={debts.isPending}
          stale={debts.isPlaceholderData}
          showCounterparty={false}
          emptyText={t('debts.counterparty.emptyDebts')}
          onPay={(d) => {
            setNotice(null);
            setPaying(d);
          }}
        />
        {totalPages > 1 ? (
          <Pagination
            page={page}
            totalPages={totalPages}
            onPageChange={(next) => url.update({ page: String(next) })}
            disabled={debts.isFetching}
          />
        ) : null}
      </section>

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

      {dialog === 'edit' ? (
        <CounterpartyFormDialog
          counterparty={c}
          onClose={() => setDialog(null)}
          onSaved={(saved) => setNotice(t('debts.common.saved', { name: saved.name }))}
        />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteCounterpartyDialog
          counterparty={c}
          onClose={() => setDialog(null)}
          onDeleted={() => navigate(paths.counterparties, { replace: true })}
        />
      ) : null}
      {dialog === 'debt' ? (
        <NewDebtDialog
          counterparty={{ id: c.id, name: c.name }}
          onClose={() => setDialog(null)}
          onSaved={setNotice}
        />
      ) : null}
      {paying ? (
        <PayDebtDialog key={paying.id} debt={paying} onClose={() => setPaying(null)} onPaid={setNotice} />
      ) : null}
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}
