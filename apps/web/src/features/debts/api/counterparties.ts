import { type Counterparty, CounterpartySchema, type CounterpartyUpdate } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  counterpartiesQueryKey,
  counterpartyQueryKey,
  createCounterparty,
  searchCounterparties,
} from '../../../api/counterparties.ts';
import type { CounterpartyOption } from '../../../components/CounterpartyPicker.tsx';
import { type Translate, useT } from '../../../i18n/useT.ts';
import { api } from '../../../lib/api-client.ts';
import { KIND_LABELS } from '../debt-rules.ts';
import { debtKeys } from './keys.ts';

// The debt book's writes of counterparties and its picker's options. Their reads are the shared
// read layer's (api/counterparties.ts, DESIGN.md section 15).

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
    async (text: string, signal: AbortSignal) =>
      (await searchCounterparties(text, signal)).map((c) => toOption(c, t)),
    [t],
  );
}

export function useCreateCounterparty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCounterparty,
    onSuccess: () => client.invalidateQueries({ queryKey: counterpartiesQueryKey }),
  });
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
      client.removeQueries({ queryKey: counterpartyQueryKey(id) });
      return client.invalidateQueries({ queryKey: counterpartiesQueryKey });
    },
  });
}
