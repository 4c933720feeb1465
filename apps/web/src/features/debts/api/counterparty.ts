import { type Counterparty, CounterpartySchema, type CounterpartyUpdate } from '@app/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { debtKeys } from './keys.ts';

/** GET crm/counterparties/{id}/: its details, what remains open per currency, how many are overdue. */
export function getCounterparty(id: number, signal?: AbortSignal): Promise<Counterparty> {
  return api.get(`crm/counterparties/${id}/`, { signal, schema: CounterpartySchema });
}

export function counterpartyQueryOptions(id: number) {
  return queryOptions({
    queryKey: debtKeys.counterparty(id),
    queryFn: ({ signal }) => getCounterparty(id, signal),
    retry: false,
  });
}

/** `id` undefined: idle (a picker with nothing chosen). */
export function useCounterparty(id: number | undefined) {
  return useQuery({ ...counterpartyQueryOptions(id ?? 0), enabled: id !== undefined });
}

/** PATCH crm/counterparties/{id}/: every user of the business edits them. */
export function useUpdateCounterparty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CounterpartyUpdate }): Promise<Counterparty> =>
      api.patch(`crm/counterparties/${id}/`, body, { schema: CounterpartySchema }),
    // Its name shows on debts and in the ageing report too.
    onSuccess: () => client.invalidateQueries({ queryKey: debtKeys.all }),
  });
}

/** DELETE crm/counterparties/{id}/: administrators only (403), refused while it has debts (409). */
export function useDeleteCounterparty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<unknown> => api.delete(`crm/counterparties/${id}/`),
    onSuccess: (_done, id) => {
      client.removeQueries({ queryKey: debtKeys.counterparty(id) });
      return client.invalidateQueries({ queryKey: debtKeys.counterpartyLists });
    },
  });
}
