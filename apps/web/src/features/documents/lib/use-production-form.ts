import { CURRENCY_IDS, D, type Document, type ProductionOrderCreate, type RecipeVersion } from '@app/shared';
import { useState } from 'react';
import { errorDetail } from '../../../lib/api-client.ts';
import { useActionKey } from '../../../lib/use-action-key.ts';
import { useCreateDocument, useDocumentAction, useUpdateDocument } from '../api/documents.ts';
import type { OutputOption } from '../api/production.ts';
import { PRODUCTION_KIND } from '../kinds.ts';
import { plannedQty } from './production.ts';
import { type DocumentErrors, documentErrors } from './server-errors.ts';

/** What the new order's page holds: the output, its quantity, the used quantities typed, currency, note. */
export interface ProductionFormState {
  output: OutputOption | null;
  qty: string;
  /** The quantity actually used, by input variant, where typed; else the recipe's. */
  used: Record<number, string>;
  currency: string;
  note: string;
}

/** An input row of the preview: the recipe's per unit and for this order, and the quantity used. */
export interface InputRow {
  variant: RecipeVersion['inputs'][number]['variant'];
  perUnit: string;
  planned: string;
  used: string;
}

export function inputRows(state: ProductionFormState, inputs: RecipeVersion['inputs']): InputRow[] {
  return inputs.map((input) => {
    const planned = plannedQty(input.qty, state.qty);
    return {
      variant: input.variant,
      perUnit: input.qty,
      planned,
      used: state.used[input.variant.id] ?? planned,
    };
  });
}

/** The body: only the inputs whose used quantity differs from the recipe's go as `inputs`. */
export function changedRows(rows: InputRow[]): InputRow[] {
  return rows.filter((r) => r.used.trim() !== '' && r.used.trim() !== r.planned);
}

export function productionBody(state: ProductionFormState, rows: InputRow[]): ProductionOrderCreate {
  const changed = changedRows(rows);
  return {
    output: state.output?.id ?? 0,
    qty: state.qty.trim(),
    ...(changed.length > 0
      ? { inputs: changed.map((r) => ({ variant: r.variant.id, qty: r.used.trim() })) }
      : {}),
    ...(state.currency ? { currency: Number(state.currency) } : {}),
    ...(state.note.trim() ? { note: state.note.trim() } : {}),
  };
}

/** A stored quantity as a person types it: "6.000" -> "6" (a dot and three zeros read as thousands). */
const typed = (qty: string) => new D(qty).toString();

/** A draft as the form holds it: its output, quantity, the used quantities that differ, currency and note. */
export function draftState(draft: Document): ProductionFormState {
  const output = draft.lines.find((l) => l.output);
  const used: Record<number, string> = {};
  for (const l of draft.lines)
    if (!l.output && l.planned_qty !== null && l.planned_qty !== undefined && l.qty !== l.planned_qty)
      used[l.variant.id] = typed(l.qty);
  return {
    output: output ? { ...output.variant } : null,
    qty: output ? typed(output.qty) : '',
    used,
    currency: draft.currency === CURRENCY_IDS.UZS ? '' : String(draft.currency),
    note: draft.note,
  };
}

/**
 * A draft's change: the whole order again, the currency and note included (a missing one would
 * keep the draft's), so the draft becomes what the form shows.
 */
export function draftChange(state: ProductionFormState, rows: InputRow[]): ProductionOrderCreate {
  return {
    ...productionBody(state, rows),
    currency: state.currency ? Number(state.currency) : CURRENCY_IDS.UZS,
    note: state.note.trim(),
  };
}

/**
 * A new production order (DESIGN.md section 21), saved as a draft or created and posted in one
 * call with its Idempotency-Key; or a draft changed (and then posted, when asked). The server's errors: `output`, `qty`, a short input's
 * `lines.N.qty` (N: the recipe's input N) and `inputs.N.variant` (N: the body's), on their rows.
 */
export function useProductionForm(done: (doc: Document) => void, draft?: Document) {
  const [state, setState] = useState<ProductionFormState>(() =>
    draft ? draftState(draft) : { output: null, qty: '', used: {}, currency: '', note: '' },
  );
  const [errors, setErrors] = useState<DocumentErrors & { detail?: string | undefined; sent?: number[] }>({
    lines: {},
    fields: {},
  });
  const create = useCreateDocument(PRODUCTION_KIND);
  const update = useUpdateDocument(PRODUCTION_KIND);
  const posting = useDocumentAction(PRODUCTION_KIND, 'post');
  const actionKey = useActionKey();
  const write = async (rows: InputRow[], post: boolean): Promise<Document> => {
    if (!draft) return create.mutateAsync({ body: productionBody(state, rows), post, key: actionKey.key() });
    const changed = await update.mutateAsync({ id: draft.id, body: draftChange(state, rows) });
    return post ? posting.mutateAsync({ id: draft.id, key: actionKey.key() }) : changed;
  };
  const save = async (rows: InputRow[], post: boolean) => {
    setErrors({ lines: {}, fields: {} });
    try {
      const doc = await write(rows, post);
      actionKey.done();
      done(doc);
    } catch (err) {
      actionKey.done(err);
      const sent = changedRows(rows).map((r) => r.variant.id);
      setErrors({ ...documentErrors(err), detail: errorDetail(err) ?? (err as Error).message, sent });
    }
  };
  const change = (patch: Partial<ProductionFormState>) => setState((s) => ({ ...s, ...patch }));
  const pending = create.isPending || update.isPending || posting.isPending;
  return { state, change, errors, pending, save };
}

/** A row's server message: a short input (`lines.N`) or an input the recipe lacks (`inputs.N.variant`). */
export function rowError(
  errors: DocumentErrors & { sent?: number[] },
  index: number,
  variant: number,
): string | undefined {
  const sentAt = errors.sent?.indexOf(variant) ?? -1;
  const input =
    sentAt >= 0
      ? (errors.fields[`inputs.${sentAt}.variant`] ?? errors.fields[`inputs.${sentAt}.qty`])
      : undefined;
  return [errors.lines[index], input].filter(Boolean).join(' ') || undefined;
}
