import { type BusinessUser, BusinessUserSchema, type Currency, CurrencySchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { lookupKeys } from './keys.ts';

// The forms' and filters' choices. Features never import each other (STYLE.md), so these small
// calls are the debt book's own, as the reports and offers features have theirs.

/** GET auth/by-business/: the departments a viewer of every debt may choose. */
export function useDepartments(enabled: boolean) {
  return useQuery({
    queryKey: lookupKeys.departments,
    queryFn: ({ signal }): Promise<BusinessUser[]> =>
      api.get('auth/by-business/', { signal, schema: z.array(BusinessUserSchema) }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET finance/currencies/: the business's currencies, for a new debt. */
export function useDebtCurrencies() {
  return useQuery({
    queryKey: lookupKeys.currencies,
    queryFn: ({ signal }): Promise<Currency[]> =>
      api.get('finance/currencies/', { signal, schema: z.array(CurrencySchema) }),
    staleTime: 5 * 60_000,
  });
}
