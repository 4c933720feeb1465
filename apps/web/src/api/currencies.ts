import type { Currency } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

// The shared read layer (DESIGN.md section 15): the business's currencies, read once for every
// feature (finance, admin) with their query keys.

/** Every money query sits under this key: a money movement invalidates it as a whole. */
export const moneyQueryKey = ['finance'] as const;
export const currenciesQueryKey = ['finance', 'currencies'] as const;

/** GET finance/currencies/ */
export function getCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  return api.get('finance/currencies/', { signal, schema: (s) => s.CurrencySchema.array() });
}

export const currenciesQueryOptions = queryOptions({
  queryKey: currenciesQueryKey,
  queryFn: ({ signal }) => getCurrencies(signal),
  staleTime: 60_000,
});

export function useCurrencies() {
  return useQuery(currenciesQueryOptions);
}
