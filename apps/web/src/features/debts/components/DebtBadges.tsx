import { type CounterpartyKind, type DebtDirection, type DebtStatus, formatMoneyFixed } from '@app/shared';
import { Badge } from '../../../components/ui/Badge.tsx';
import { useT } from '../../../i18n/useT.ts';
import {
  DIRECTION_HINTS,
  DIRECTION_LABELS,
  KIND_LABELS,
  STATUS_LABELS,
  STATUS_TONES,
} from '../debt-rules.ts';

/** OPEN amber, PAID green, OVERDUE red. */
export function DebtStatusBadge({ status }: { status: DebtStatus }) {
  const t = useT();
  return (
    <Badge tone={STATUS_TONES[status]} className="whitespace-nowrap">
      {t(STATUS_LABELS[status])}
    </Badge>
  );
}

export function KindBadge({ kind }: { kind: CounterpartyKind }) {
  const t = useT();
  return (
    <Badge tone={kind === 'SUPPLIER' ? 'violet' : kind === 'BOTH' ? 'indigo' : 'blue'}>
      {t(KIND_LABELS[kind])}
    </Badge>
  );
}

/** "Olinadigan" (they owe us) in green, "Beriladigan" (we owe them) in red, with the plain words on hover. */
export function DirectionText({ direction }: { direction: DebtDirection }) {
  const t = useT();
  return (
    <span
      title={t(DIRECTION_HINTS[direction])}
      className={direction === 'RECEIVABLE' ? 'text-emerald-700' : 'text-rose-700'}
    >
      {t(DIRECTION_LABELS[direction])}
    </span>
  );
}

/** How many debts are past their due date, as a red badge; nothing when none. */
export function OverdueBadge({ count }: { count: number }) {
  const t = useT();
  if (count <= 0) return null;
  return (
    <Badge tone="red" className="whitespace-nowrap">
      {t('debts.badge.overdueCount', { count: String(count) })}
    </Badge>
  );
}

/** An amount with its currency: "1 200.5 USD". */
export function Money({ value, code }: { value: string; code: string }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatMoneyFixed(value)} <span className="text-xs text-slate-500">{code}</span>
    </span>
  );
}
