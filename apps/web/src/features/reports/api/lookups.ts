import {
  type BusinessUser,
  BusinessUserSchema,
  type Currency,
  CurrencySchema,
  VARIANT_PICKER_MAX_RESULTS,
  VariantSchema,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { VariantOption } from '../../../components/VariantPicker.tsx';
import { api } from '../../../lib/api-client.ts';
import { reportKeys } from './keys.ts';

// The filters' choices. Features never import each other (STYLE.md), so these small calls are the
// reports' own, as the history and offers features have theirs.

/** GET auth/by-business/: the departments a viewer of the whole business may choose. */
export function useDepartments(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.departments,
    queryFn: ({ signal }): Promise<BusinessUser[]> =>
      api.get('auth/by-business/', { signal, schema: z.array(BusinessUserSchema) }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET finance/currencies/: the business's currencies, for the cash-flow filter. */
export function useReportCurrencies() {
  return useQuery({
    queryKey: reportKeys.currencies,
    queryFn: ({ signal }): Promise<Currency[]> =>
      api.get('finance/currencies/', { signal, schema: z.array(CurrencySchema) }),
    staleTime: 5 * 60_000,
  });
}

/** GET catalog/variants/?search=: the stock-movement report's variant picker (at most 20). */
export async function searchReportVariants(search: string, signal: AbortSignal): Promise<VariantOption[]> {
  const found = await api.get('catalog/variants/', {
    signal,
    query: { search, limit: VARIANT_PICKER_MAX_RESULTS },
    schema: z.array(VariantSchema),
  });
  return found.map((v) => ({ id: v.id, label: v.label, sku: v.sku }));
}
