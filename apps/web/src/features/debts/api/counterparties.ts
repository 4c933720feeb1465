import {
  type Counterparty,
  type CounterpartyCreate,
  CounterpartyPageSchema,
  CounterpartySchema,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import type { CounterpartyOption } from '../../../components/CounterpartyPicker.tsx';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { api } from '../../../lib/api-client.ts';
import type { CounterpartyFilters } from '../debt-params.ts';
import { KIND_LABELS } from '../debt-rules.ts';
import { debtKeys } from './keys.ts';

export type CounterpartyPage = z.infer<typeof CounterpartyPageSchema>;

/** GET crm/counterparties/?search&kind&page: 50 a page, with what remains open per currency. */
export function getCounterparties(
  filters: CounterpartyFilters,
  page: number,
  signal?: AbortSignal,
): Promise<CounterpartyPage> {
  return api.get('crm/counterparties/', {
    signal,
    query: { ...filters, page },
    schema: CounterpartyPageSchema,
  });
}

export function counterpartiesQueryOptions(filters: CounterpartyFilters, page: number) {
  return queryOptions({
    queryKey: debtKeys.counterparties({ ...filters, page }),
    queryFn: ({ signal }) => getCounterparties(filters, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCounterparties(filters: CounterpartyFilters, page: number) {
  return useQuery(counterpartiesQueryOptions(filters, page));
}

/** What the picker shows of a counterparty: its name, and its phone or else its kind. */
export function toOption(
  c: Pick<Counterparty, 'id' | 'name' | 'phone' | 'kind'>,
  t: Translate,
): CounterpartyOption {
  return { id: c.id, name: c.name, hint: c.phone || t(KIND_LABELS[c.kind]) };
}

/**
 * The picker's search: the first page of matches (a stable function while the language stays,
 * so the picker's effect is too).
 */
export function useCounterpartySearch(): (
  text: string,
  signal: AbortSignal,
) => Promise<CounterpartyOption[]> {
  const t = useT();
  return useCallback(
    async (text: string, signal: AbortSignal) => {
      const page = await getCounterparties({ search: text || undefined }, 1, signal);
      return page.results.map((c) => toOption(c, t));
    },
    [t],
  );
}

/** POST crm/counterparties/: every user of the business adds them (DESIGN.md section 12). */
export function createCounterparty(body: CounterpartyCreate): Promise<Counterparty> {
  return api.post('crm/counterparties/', body, { schema: CounterpartySchema });
}

export function useCreateCounterparty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCounterparty,
    onSuccess: () => client.invalidateQueries({ queryKey: debtKeys.counterpartyLists }),
  });
}
