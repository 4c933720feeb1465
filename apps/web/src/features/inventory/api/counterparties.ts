import type { CounterpartyKind } from '@app/shared';
import { createCounterparty, debtBookQueryKey, searchCounterparties } from '../../../api/counterparties.ts';
import type { CounterpartyOption } from '../../../components/CounterpartyPicker.tsx';

// The credit fields of the Sell and Buy forms (DESIGN.md section 12) choose a counterparty,
// through the shared read layer (DESIGN.md section 15).

/** The debt book's queries, which a sale or purchase on credit changes. */
export const DEBT_BOOK_KEY = debtBookQueryKey;

/** GET crm/counterparties/?search=: the first page of matches, for the picker. */
export async function searchCounterpartyOptions(
  search: string,
  signal: AbortSignal,
): Promise<CounterpartyOption[]> {
  const found = await searchCounterparties(search, signal);
  return found.map((c) => ({ id: c.id, name: c.name, hint: c.phone || undefined }));
}

/** POST crm/counterparties/: the picker's quick "+ yangi kontragent", named as typed. */
export async function createCounterpartyOption(
  name: string,
  kind: CounterpartyKind,
): Promise<CounterpartyOption> {
  const created = await createCounterparty({ name, kind });
  return { id: created.id, name: created.name };
}
