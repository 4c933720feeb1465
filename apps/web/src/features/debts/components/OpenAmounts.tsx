import type { Counterparty } from '@app/shared';
import { useT } from '../../../i18n/useT.ts';
import { DIRECTION_LABELS, isPositive } from '../debt-rules.ts';
import { Money } from './DebtBadges.tsx';

/**
 * What remains open one way (to be received or to be paid), a line per currency; '—' when
 * nothing. `inline`: one labelled line ("Olinadigan: 200 USD · 4 500 000 UZS"), nothing when none.
 */
export function OpenAmounts({
  open,
  side,
  inline = false,
}: {
  open: Counterparty['open'];
  side: 'receivable' | 'payable';
  inline?: boolean;
}) {
  const t = useT();
  const lines = open.filter((o) => isPositive(o[side]));
  if (inline) {
    if (lines.length === 0) return null;
    return (
      <span className={side === 'receivable' ? 'text-emerald-700' : 'text-rose-700'}>
        {t(side === 'receivable' ? DIRECTION_LABELS.RECEIVABLE : DIRECTION_LABELS.PAYABLE)}:{' '}
        {lines.map((o, i) => (
          <span key={o.currency_code}>
            {i > 0 ? ' · ' : null}
            <Money value={o[side]} code={o.currency_code} />
          </span>
        ))}
      </span>
    );
  }
  if (lines.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <span className="flex flex-col items-end gap-0.5">
      {lines.map((o) => (
        <span key={o.currency_code} className={side === 'receivable' ? 'text-emerald-700' : 'text-rose-700'}>
          <Money value={o[side]} code={o.currency_code} />
        </span>
      ))}
    </span>
  );
}
