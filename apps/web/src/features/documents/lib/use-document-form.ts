import { D, type Document } from '@app/shared';
import { useState } from 'react';
import type { CounterpartyOption } from '../../../components/CounterpartyPicker.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import {
  type DocumentBody,
  useCreateDocument,
  useDocumentAction,
  useUpdateDocument,
} from '../api/documents.ts';
import type { UnitVariantOption } from '../api/prices.ts';
import type { DocumentKindConfig } from '../kinds.ts';
import { addVariant, type EditLine } from './lines.ts';
import { type DocumentErrors, documentErrors } from './server-errors.ts';
import { useActionKey } from './use-action-key.ts';

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

/**
 * A new document or a draft's change (DESIGN.md section 19): saved as a draft, or posted (a new
 * one in one call with `?post=true`; a draft changed, then posted). `done` gets the document.
 */
export function useDocumentForm(
  kind: DocumentKindConfig,
  draft: Document | undefined,
  done: (doc: Document) => void,
) {
  const [state, setState] = useState<FormState>(() => formStateOf(draft));
  const [errors, setErrors] = useState<DocumentErrors & { detail?: string | undefined }>({
    lines: {},
    fields: {},
  });
  const create = useCreateDocument(kind);
  const update = useUpdateDocument(kind);
  const post = useDocumentAction(kind, 'post');
  const actionKey = useActionKey();
  const fail = (err: unknown) => {
    actionKey.done(err);
    setErrors({ ...documentErrors(err), detail: errorDetail(err) ?? (err as Error).message });
  };
  const succeed = (doc: Document) => {
    actionKey.done();
    done(doc);
  };
  const save = async (andPost: boolean) => {
    setErrors({ lines: {}, fields: {} });
    const body = bodyOf(kind, state);
    try {
      if (!draft) return succeed(await create.mutateAsync({ body, post: andPost, key: actionKey.key() }));
      const saved = await update.mutateAsync({ id: draft.id, body });
      succeed(andPost ? await post.mutateAsync({ id: saved.id, key: actionKey.key() }) : saved);
    } catch (err) {
      fail(err);
    }
  };
  const change = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));
  return {
    state,
    change,
    addVariant: (v: UnitVariantOption) => setState((s) => ({ ...s, lines: addVariant(s.lines, v) })),
    errors,
    pending: create.isPending || update.isPending || post.isPending,
    save,
  };
}
