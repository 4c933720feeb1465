import { useCallback } from 'react';
import { searchCounterparties } from '../../../api/counterparties.ts';
import type { CounterpartyOption } from '../../../components/CounterpartyPicker.tsx';

/** The pickers' search: the first page of matching counterparties, named with their phone. */
export function useCounterpartyOptions(): (
  text: string,
  signal: AbortSignal,
) => Promise<CounterpartyOption[]> {
  return useCallback(
    async (text: string, signal: AbortSignal) =>
      (await searchCounterparties(text, signal)).map((c) => ({
        id: c.id,
        name: c.name,
        hint: c.phone || undefined,
        priceType: c.price_type,
      })),
    [],
  );
}
