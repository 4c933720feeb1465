import { type CounterpartyKind, CounterpartyPageSchema, CounterpartySchema } from '@app/shared';
import type { CounterpartyOption } from '../../../components/CounterpartyPicker.tsx';
import { api } from '../../../lib/api-client.ts';

// The credit fields of the Sell and Buy forms (DESIGN.md section 12) choose a counterparty. The
// debt book is another feature (features never import each other: STYLE.md), so these two small
// calls are the stock forms' own.

/** The debt book's queries (features never import each other, so named by their key's first part). */
export const DEBT_BOOK_KEY = ['debts'] as const;

/** GET crm/counterparties/?search=: the first page of matches, for the picker. */
export async function searchCounterpartyOptions(
  search: string,
  signal: AbortSignal,
): Promise<CounterpartyOption[]> {
  const page = await api.get('crm/counterparties/', {
    signal,
    query: { search, page: 1 },
    schema: CounterpartyPageSchema,
  });
  return page.results.map((c) => ({ id: c.id, name: c.name, hint: c.phone || undefined }));
}

/** POST crm/counterparties/: the picker's quick "+ yangi kontragent", named as typed. */
export async function createCounterpartyOption(
  name: string,
  kind: CounterpartyKind,
): Promise<CounterpartyOption> {
  const created = await api.post('crm/counterparties/', { name, kind }, { schema: CounterpartySchema });
  return { id: created.id, name: created.name };
}
