import { D, type Document } from '@app/shared';
import type { CounterpartyOption } from '../../../components/CounterpartyPicker.tsx';
import type { DocumentBody } from '../api/documents.ts';
import type { DocumentKindConfig } from '../kinds.ts';
import type { EditLine } from './lines.ts';

// A document typed in full (a new purchase, a draft changed): the form's fields from a draft, and
// the API's body from the fields (DESIGN.md section 19).

export interface CashRow {
  currency: string;
  amount: string;
}

export interface FormState {
  counterparty: CounterpartyOption | null;
  lines: EditLine[];
  cash: CashRow[];
  onCredit: string;
  dueDate: string;
  note: string;
}

/** A draft's fields as the form edits them. */
export function formStateOf(doc: Document | undefined): FormState {
  if (!doc) return { counterparty: null, lines: [], cash: [], onCredit: '', dueDate: '', note: '' };
  return {
    counterparty: doc.counterparty,
    lines: doc.lines.map((l) => ({
      variant: { id: l.variant.id, label: l.variant.label, sku: l.variant.sku, unit: l.variant.unit },
      qty: new D(l.qty).toString(),
      price: doc.kind === 'SALE' && l.price_source !== 'MANUAL' ? '' : l.price,
    })),
    cash: doc.payment.cash.map((c) => ({ currency: String(c.currency), amount: c.amount })),
    onCredit: new D(doc.payment.on_credit).gt(0) ? doc.payment.on_credit : '',
    dueDate: doc.payment.due_date ?? '',
    note: doc.note,
  };
}

/** The body the API takes: a sale's empty price is the price list's; a purchase's is its unit cost. */
export function bodyOf(kind: DocumentKindConfig, s: FormState): DocumentBody {
  const lines = s.lines.map((l) => {
    const price = l.price.trim();
    return kind.priceField === 'unit_cost'
      ? { variant: l.variant.id, qty: l.qty.trim(), unit_cost: price }
      : { variant: l.variant.id, qty: l.qty.trim(), price: price === '' ? null : price };
  });
  const cash = s.cash
    .filter((c) => c.currency !== '' && c.amount.trim() !== '')
    .map((c) => ({ currency: Number(c.currency), amount: c.amount.trim() }));
  return {
    counterparty: s.counterparty?.id ?? null,
    note: s.note,
    lines,
    payment: { cash, on_credit: s.onCredit.trim() || '0', due_date: s.dueDate || null },
  } as DocumentBody;
}
