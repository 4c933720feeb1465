import { type Shift, type ShiftCountInput, seesWholeBusiness } from '@app/shared';
import { Lock, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { useCurrencies } from '../../../api/currencies.ts';
import { useCurrentShift } from '../../../api/shifts.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useActionKey } from '../../../lib/use-action-key.ts';
import { useCloseShift, useOpenShift } from '../api/shifts.ts';
import { DrawerForm } from '../components/DrawerForm.tsx';
import { Money } from '../components/ShiftBits.tsx';
import { ShiftResult } from '../components/ShiftResult.tsx';

/**
 * /shift (DESIGN.md section 22): the department's own drawer. No open shift: the opening count;
 * an open one: its opening and the blind close; after the close: what was expected, counted and
 * the difference, until "Yangi smena".
 */
export function ShiftPage() {
  const t = useT();
  const current = useCurrentShift();
  const [closed, setClosed] = useState<Shift | null>(null);
  const [closing, setClosing] = useState(false);
  const me = useCurrentUser().data;

  let body: React.ReactNode;
  if (closed) body = <ShiftResult shift={closed} onNew={() => setClosed(null)} />;
  else if (current.isPending) body = <LoadingText>{t('shifts.loading')}</LoadingText>;
  else if (current.isError)
    body = <ErrorMessage>{failureMessage(current.error, t('shifts.loadFailed'))}</ErrorMessage>;
  else if (!current.data.may_keep_shifts) body = <NotACashDesk wholeBusiness={seesWholeBusiness(me?.role)} />;
  else if (!current.data.shift) body = <OpenForm />;
  else if (closing)
    body = (
      <CloseForm
        shift={current.data.shift}
        onCancel={() => setClosing(false)}
        onClosed={(shift) => {
          setClosing(false);
          setClosed(shift);
        }}
      />
    );
  else body = <OpenShift shift={current.data.shift} onClose={() => setClosing(true)} />;

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <PageHeader
        title={t('shifts.page.title')}
        className="mb-0"
        actions={
          current.data?.may_keep_shifts ? (
            <Link to={paths.shifts} className="text-sm font-medium text-brand-700 hover:underline">
              {t('shifts.page.myShifts')}
            </Link>
          ) : null
        }
      />
      {body}
    </div>
  );
}

function NotACashDesk({ wholeBusiness }: { wholeBusiness: boolean }) {
  const t = useT();
  return (
    <Card className="space-y-2 p-4 text-sm text-slate-600">
      <p>{t('shifts.page.notACashDesk')}</p>
      {wholeBusiness ? (
        <Link to={paths.shifts} className="font-medium text-brand-700 hover:underline">
          {t('shifts.page.toShifts')}
        </Link>
      ) : null}
    </Card>
  );
}

/** "Smenani ochish": every currency of the business, each counted or left empty. */
function OpenForm() {
  const t = useT();
  const currencies = useCurrencies();
  const open = useOpenShift();
  const action = useActionKey();
  if (currencies.isPending) return <LoadingText />;
  if (currencies.isError)
    return <ErrorMessage>{failureMessage(currencies.error, t('shifts.loadFailed'))}</ErrorMessage>;
  const submit = (opening: ShiftCountInput[]) =>
    open.mutateAsync({ opening, key: action.key() }).then(
      () => action.done(),
      (err: unknown) => {
        action.done(err);
        throw err;
      },
    );
  return (
    <section className="space-y-3">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('shifts.open.title')}</h2>
        <p className="text-sm text-slate-500">{t('shifts.open.hint')}</p>
      </div>
      <DrawerForm
        label={t('shifts.open.title')}
        rows={currencies.data.map((c) => ({ currency: c.id, code: c.code }))}
        required={[]}
        submitLabel={t('shifts.open.submit')}
        pending={open.isPending}
        onSubmit={submit}
      />
    </section>
  );
}

/** The open shift: its number, who opened it and when, the opening amounts, and "Smenani yopish". */
function OpenShift({ shift, onClose }: { shift: Shift; onClose: () => void }) {
  const t = useT();
  return (
    <Card className="space-y-4 p-4" data-testid="open-shift">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          <Link to={generatePath(paths.shiftCard, { id: String(shift.id) })} className="hover:underline">
            {t('shifts.card.title', { number: shift.number })}
          </Link>
        </h2>
        <span className="text-sm text-slate-500">
          {t('shifts.open.openedBy', { at: formatDateTime(shift.opened_at), by: shift.opened_by })}
        </span>
      </div>
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {shift.amounts.map((a) => (
          <div key={a.currency} className="flex items-baseline justify-between gap-3 px-3 py-2">
            <dt className="text-sm text-slate-600">
              {t('shifts.open.openingOf', { code: a.currency_code })}
            </dt>
            <dd className="text-base font-semibold text-slate-900">
              <Money value={a.opening} code={a.currency_code} />
            </dd>
          </div>
        ))}
        {shift.amounts.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-500">{t('shifts.open.emptyDrawer')}</p>
        ) : null}
      </dl>
      <Button
        size="lg"
        className="h-14 w-full text-lg"
        icon={<Lock aria-hidden="true" className="h-5 w-5" />}
        onClick={onClose}
      >
        {t('shifts.close.button')}
      </Button>
    </Card>
  );
}

/** The blind count: every currency of the shift, required, and no expected amount anywhere. */
function CloseForm({
  shift,
  onCancel,
  onClosed,
}: {
  shift: Shift;
  onCancel: () => void;
  onClosed: (shift: Shift) => void;
}) {
  const t = useT();
  const close = useCloseShift();
  const action = useActionKey();
  // Every currency of the shift, required; then the business's others, in case one came in during
  // the shift (it is counted if the drawer holds any).
  const currencies = useCurrencies().data ?? [];
  const required = shift.amounts.map((a) => a.currency);
  const rows = [
    ...shift.amounts.map((a) => ({ currency: a.currency, code: a.currency_code })),
    ...currencies.filter((c) => !required.includes(c.id)).map((c) => ({ currency: c.id, code: c.code })),
  ];
  const submit = (counted: ShiftCountInput[]) =>
    close.mutateAsync({ id: shift.id, counted, key: action.key() }).then(
      (answer) => {
        action.done();
        onClosed(answer);
      },
      (err: unknown) => {
        action.done(err);
        throw err;
      },
    );
  return (
    <section className="space-y-3">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">
          {t('shifts.close.title', { number: shift.number })}
        </h2>
        <p className="text-sm text-slate-500">{t('shifts.close.hint')}</p>
      </div>
      <DrawerForm
        label={t('shifts.close.title', { number: shift.number })}
        rows={rows}
        required={required}
        submitLabel={t('shifts.close.submit')}
        pending={close.isPending}
        onSubmit={submit}
        aside={
          <Button
            variant="ghost"
            icon={<RotateCcw aria-hidden="true" className="h-4 w-4" />}
            onClick={onCancel}
            disabled={close.isPending}
          >
            {t('shifts.close.cancel')}
          </Button>
        }
      />
    </section>
  );
}
