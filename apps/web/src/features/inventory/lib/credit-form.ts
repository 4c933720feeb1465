import {
  creditAmount,
  entryCreditRules,
  exitCreditRules,
  IsoDateSchema,
  isDecimalString,
  StockEntryFormSchema,
  StockExitFormSchema,
} from '@app/shared';
import { z } from 'zod';

// The Sell and Buy forms on credit (DESIGN.md section 12): the shared form schemas with the
// pickers' inputs, checked by the same credit rules as the server's request bodies.

/** The picker's counterparty, sent as its id; none is null (the credit rules ask for one). */
const pickedCounterparty = z
  .object({ id: z.number() })
  .nullable()
  .transform((picked) => picked?.id ?? null);

/** A date input: empty means no due date. */
const dueDate = z
  .string()
  .transform((v) => v.trim() || null)
  .pipe(IsoDateSchema.nullable());

export const StockExitCreditFormSchema = StockExitFormSchema.extend({
  counterparty: pickedCounterparty,
  due_date: dueDate,
}).superRefine(exitCreditRules);

export const StockEntryCreditFormSchema = StockEntryFormSchema.extend({
  counterparty: pickedCounterparty,
  due_date: dueDate,
}).superRefine(entryCreditRules);

/**
 * "Nasiya summasi": what the sale or purchase will owe, quantity × unit price rounded as the
 * server opens the debt (creditAmount); null until both are numbers.
 */
export function creditPreview(qty: string, price: string): string | null {
  const q = qty.trim();
  const p = price.trim();
  if (!isDecimalString(q) || !isDecimalString(p)) return null;
  return creditAmount(q, p);
}

/** Without on_credit the counterparty and the due date are not used (DESIGN.md section 12): sent as none. */
export function creditBody<
  T extends { on_credit: boolean; counterparty: number | null; due_date: string | null },
>(body: T): T {
  return body.on_credit ? body : { ...body, counterparty: null, due_date: null };
}
