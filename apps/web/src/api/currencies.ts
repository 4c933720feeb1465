import { type Currency, CurrencySchema } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

/** GET finance/currencies/ */
export function getCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  return api.get('finance/currencies/', { signal, schema: z.array(CurrencySchema) });
}

export const currenciesQueryOptions = queryOptions({
  queryKey: financeKeys.currencies,
  queryFn: ({ signal }) => getCurrencies(signal),
  staleTime: 60_000,
});

export function useCurrencies() {
  return useQuery(currenciesQueryOptions);
}
