import {
  type CounterpartyKind,
  D,
  type Debt,
  type DebtDirection,
  type DebtPage,
  type DebtStatus,
  isDecimalString,
  type PriceType,
  type Role,
} from '@app/shared';
import type { MessageKey } from '../../i18n/catalogue.ts';
import type { Translate } from '../../i18n/useT.ts';

// The words (as catalogue keys) and small rules of the debt book (DESIGN.md section 12), kept apart from React so
// they are tested.

export const KIND_LABELS: Record<CounterpartyKind, MessageKey> = {
  CUSTOMER: 'debts.kind.customer',
  SUPPLIER: 'debts.kind.supplier',
  BOTH: 'debts.kind.both',
};

/** RECEIVABLE: they owe us (money to be received); PAYABLE: we owe them (to be paid). */
export const DIRECTION_LABELS: Record<DebtDirection, MessageKey> = {
  RECEIVABLE: 'debts.direction.receivable',
  PAYABLE: 'debts.direction.payable',
};
export const DIRECTION_HINTS: Record<DebtDirection, MessageKey> = {
  RECEIVABLE: 'debts.directionHint.receivable',
  PAYABLE: 'debts.directionHint.payable',
};
/** The direction with its plain words, its name and its hint: "Olinadigan (bizga qarzdor)". */
export function directionWithHint(t: Translate, direction: DebtDirection): string {
  return t('debts.directionWithHint', {
    direction: t(DIRECTION_LABELS[direction]),
    hint: t(DIRECTION_HINTS[direction]),
  });
}

export const STATUS_LABELS: Record<DebtStatus, MessageKey> = {
  OPEN: 'debts.status.open',
  PAID: 'debts.status.paid',
  OVERDUE: 'debts.status.overdue',
};
export const STATUS_TONES = { OPEN: 'amber', PAID: 'emerald', OVERDUE: 'red' } as const satisfies Record<
  DebtStatus,
  string
>;

/**
 * Whether this user may record a payment of this debt: something remains, and they are its
 * department or the Kassir (DESIGN.md section 12; the server answers 403 to anyone else).
 */
export function canRecordPayment(
  user: { id: number; role: Role } | undefined,
  debt: Pick<Debt, 'status' | 'department'>,
): boolean {
  if (!user || debt.status === 'PAID') return false;
  return user.id === debt.department.id || user.role === 'Kassir';
}

export interface CurrencyTotals {
  currency_code: string;
  receivable: string;
  payable: string;
}

/** The list's totals (a row per currency and direction) as one row per currency with both. */
export function totalsByCurrency(totals: DebtPage['totals']): CurrencyTotals[] {
  const out = new Map<string, CurrencyTotals>();
  for (const t of totals) {
    const row = out.get(t.currency_code) ?? { currency_code: t.currency_code, receivable: '0', payable: '0' };
    if (t.direction === 'RECEIVABLE') row.receivable = t.remaining;
    else row.payable = t.remaining;
    out.set(t.currency_code, row);
  }
  return [...out.values()].sort((a, b) => a.currency_code.localeCompare(b.currency_code));
}

/** An amount above zero (a decimal string from the API). */
export function isPositive(value: string): boolean {
  return isDecimalString(value) && new D(value).gt(0);
}

/** What they owe us minus what we owe them: positive, they owe; negative, we owe. */
export function netBalance(row: Pick<CurrencyTotals, 'receivable' | 'payable'>): string {
  return new D(row.receivable).minus(row.payable).toFixed(2);
}

/**
 * How a statement line moves the balance (what they owe us): a receivable raises it and its
 * payment lowers it; a payable the other way round. +1 or -1.
 */
export function statementSign(line: { kind: 'DEBT' | 'PAYMENT'; direction: DebtDirection }): 1 | -1 {
  return (line.direction === 'RECEIVABLE') === (line.kind === 'DEBT') ? 1 : -1;
}

/** -1, 0 or 1: the sign of a decimal string from the API (0 for anything malformed). */
export function signOf(value: string): -1 | 0 | 1 {
  if (!isDecimalString(value)) return 0;
  const d = new D(value);
  return d.isZero() ? 0 : d.isNegative() ? -1 : 1;
}

/**
 * The choices of a counterparty's price type (DESIGN.md section 19): first none, which means the
 * business's default applies (named when there is one), then each price type with its currency.
 */
export function priceTypeChoices(
  t: Translate,
  types: readonly PriceType[],
): Array<{ value: string; label: string }> {
  const fallback = types.find((p) => p.is_default);
  return [
    {
      value: '',
      label: fallback
        ? t('debts.counterpartyForm.priceTypeDefaultNamed', { name: fallback.name })
        : t('debts.counterpartyForm.priceTypeDefault'),
    },
    ...types.map((p) => ({ value: String(p.id), label: `${p.name} (${p.currency_code})` })),
  ];
}

/** A counterparty's price type in words: its name, or the default's words when it has none. */
export function priceTypeName(t: Translate, types: readonly PriceType[], id: number | null): string {
  const own = types.find((p) => p.id === id);
  if (own) return `${own.name} (${own.currency_code})`;
  return (priceTypeChoices(t, types)[0] as { label: string }).label;
}
