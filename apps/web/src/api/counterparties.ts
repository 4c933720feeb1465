import type { Counterparty, CounterpartyCreate, CounterpartyKind, CounterpartyPageSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

// The shared read layer (DESIGN.md section 15): the business's counterparties, read once for
// every feature (the debt book, the Sell and Buy forms' credit fields), with their query keys.

/**
 * Every query of the debt book sits under this key. A counterparty shows what remains open with
 * it, so a debt, a payment or a sale on credit invalidates the debt book as a whole.
 */
export const debtBookQueryKey = ['debts'] as const;
/** The lists of counterparties (every filter and page): a new or removed one invalidates them. */
export const counterpartiesQueryKey = ['debts', 'counterparties'] as const;
export const counterpartyQueryKey = (id: number) => ['debts', 'counterparty', id] as const;

export type CounterpartyPage = z.infer<typeof CounterpartyPageSchema>;

/** The filters of GET crm/counterparties/. */
export interface CounterpartyFilters {
  search?: string | undefined;
  kind?: CounterpartyKind | undefined;
}

/** GET crm/counterparties/?search&kind&page: 50 a page, with what remains open per currency. */
export function getCounterparties(
  filters: CounterpartyFilters,
  page: number,
  signal?: AbortSignal,
): Promise<CounterpartyPage> {
  return api.get('crm/counterparties/', {
    signal,
    query: { ...filters, page },
    schema: (s) => s.CounterpartyPageSchema,
  });
}

export function counterpartiesQueryOptions(filters: CounterpartyFilters, page: number) {
  return queryOptions({
    queryKey: [...counterpartiesQueryKey, { ...filters, page }] as const,
    queryFn: ({ signal }) => getCounterparties(filters, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCounterparties(filters: CounterpartyFilters, page: number) {
  return useQuery(counterpartiesQueryOptions(filters, page));
}

/** A picker's search: the first page of matches by name (all of them for an empty text). */
export async function searchCounterparties(text: string, signal?: AbortSignal): Promise<Counterparty[]> {
  const page = await getCounterparties({ search: text || undefined }, 1, signal);
  return page.results;
}

/** GET crm/counterparties/{id}/: its details, what remains open per currency, how many are overdue. */
export function getCounterparty(id: number, signal?: AbortSignal): Promise<Counterparty> {
  return api.get(`crm/counterparties/${id}/`, { signal, schema: (s) => s.CounterpartySchema });
}

export function counterpartyQueryOptions(id: number) {
  return queryOptions({
    queryKey: counterpartyQueryKey(id),
    queryFn: ({ signal }) => getCounterparty(id, signal),
    retry: false,
  });
}

/** `id` undefined: idle (a picker with nothing chosen). */
export function useCounterparty(id: number | undefined) {
  return useQuery({ ...counterpartyQueryOptions(id ?? 0), enabled: id !== undefined });
}

/**
 * POST crm/counterparties/: every user of the business adds them (DESIGN.md section 12). The
 * caller invalidates `counterpartiesQueryKey` if it shows lists of them.
 */
export function createCounterparty(body: CounterpartyCreate): Promise<Counterparty> {
  return api.post('crm/counterparties/', body, { schema: (s) => s.CounterpartySchema });
}
