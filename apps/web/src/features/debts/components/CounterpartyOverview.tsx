import { type Counterparty, formatMoneyFixed } from '@app/shared';
import type { ReactNode } from 'react';
import { usePriceTypes } from '../../../api/price-types.ts';
import { Card } from '../../../components/ui/Card.tsx';
import { useT } from '../../../i18n/useT.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { DIRECTION_HINTS, DIRECTION_LABELS, netBalance, priceTypeName, signOf } from '../debt-rules.ts';

type OpenBalance = Counterparty['open'][number];

/** A counterparty card's top (DESIGN.md section 12): its details, and what remains open per currency. */
export function CounterpartyOverview({ counterparty: c }: { counterparty: Counterparty }) {
  const t = useT();
  const { data: priceTypes = [] } = usePriceTypes();
  return (
    <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
      <Card className="p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">{t('debts.counterparty.details')}</h2>
        <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">
          <Detail label={t('debts.common.phone')}>{c.phone || '—'}</Detail>
          <Detail label={t('debts.common.tin')}>{c.tin ?? '—'}</Detail>
          {priceTypes.length > 0 || c.price_type !== null ? (
            <Detail label={t('debts.counterpartyForm.priceType')}>
              {priceTypeName(t, priceTypes, c.price_type)}
            </Detail>
          ) : null}
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
            {c.open.map((o) => (
              <OpenRow key={o.currency_code} o={o} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** One currency: what they owe us, what we owe them, and the net with which way it goes. */
function OpenRow({ o }: { o: OpenBalance }) {
  const t = useT();
  const net = netBalance(o);
  return (
    <li
      data-testid={`open-${o.currency_code}`}
      className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-2.5 first:pt-0 last:pb-0"
    >
      <span className="font-semibold text-slate-700">{o.currency_code}</span>
      {/* On phones a line per figure, label left and figure right: three figures side by side
          broke a long one over two lines (DESIGN.md section 16). */}
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
          <dd className="whitespace-nowrap text-rose-700 tabular-nums">{formatMoneyFixed(o.payable)}</dd>
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
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}
