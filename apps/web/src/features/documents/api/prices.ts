import type { PriceType, Variant, VariantPrice } from '@app/shared';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { useCurrencies } from '../../../api/currencies.ts';
import { usePriceTypes } from '../../../api/price-types.ts';
import { findVariantByBarcode, searchVariants } from '../../../api/variants.ts';
import type { ScanMatch, VariantOption } from '../../../components/VariantPicker.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import type { PaymentRates } from '../lib/counter-payment.ts';
import { documentKeys } from './keys.ts';

// What the counter and the forms read besides the documents: variants with their unit (a line's
// quantity steps by it) and the price list's price of a variant.
//
// The counter shows each line's price from the list the server will price it from (DESIGN.md
// section 19: the customer's price type, else the default one), looked up with GET
// api/catalog/variants/{id}/prices/, and sends the line without a price so that the server prices
// it and keeps its source, with the list's currency as the sale's.

/** A variant as the documents' pickers give it: with its unit. */
export type UnitVariantOption = VariantOption & Pick<Variant, 'unit'>;

const toOption = (v: Variant): UnitVariantOption => ({ id: v.id, label: v.label, sku: v.sku, unit: v.unit });

export async function searchUnitVariants(text: string, signal: AbortSignal): Promise<UnitVariantOption[]> {
  return (await searchVariants({ text }, signal)).map(toOption);
}

/** A scan: the variant with its unit, and a scale's weighed quantity. */
export async function findUnitVariantByBarcode(code: string, signal: AbortSignal): Promise<ScanMatch | null> {
  const variant = await findVariantByBarcode(code, signal);
  return variant ? { variant: toOption(variant), qty: variant.scanned?.qty ?? null } : null;
}

/** The default price list, or none. */
export function defaultPriceType(types: readonly PriceType[] | undefined): PriceType | null {
  return types?.find((t) => t.is_default) ?? null;
}

/** The list a sale is priced from: the customer's price type when it has one, else the default. */
export function salePriceType(
  types: readonly PriceType[] | undefined,
  customerType: number | null | undefined,
): PriceType | null {
  return types?.find((t) => customerType != null && t.id === customerType) ?? defaultPriceType(types);
}

/** The prices the device keeps for a variant (the counter offline, DESIGN.md section 23). */
export type KeptPrices = (variant: number) => Promise<VariantPrice[] | null>;

/**
 * GET catalog/variants/{id}/prices/: the variant's price in each price list. With `kept`, a call
 * that gets no answer (no connection) is answered from the device, and the query runs offline too.
 */
export function variantPricesQueryOptions(variant: number, kept?: KeptPrices) {
  const online = async (signal: AbortSignal) =>
    api.get(`catalog/variants/${variant}/prices/`, {
      signal,
      schema: (s) => s.VariantPricesSchema,
    });
  return queryOptions({
    queryKey: documentKeys.prices(variant),
    queryFn: async ({ signal }) => {
      if (!kept) return online(signal);
      try {
        if (navigator.onLine) return await online(signal);
      } catch (err) {
        if (err instanceof ApiError) throw err;
      }
      const prices = await kept(variant);
      if (!prices) throw new Error('offline');
      return { prices };
    },
    networkMode: kept ? 'always' : 'online',
    staleTime: 60_000,
  });
}

/**
 * The rates the counter's payment uses: the sale's currency (its price list's, else UZS), UZS and
 * USD, from the currencies in force. Undefined while they load.
 */
export function usePaymentRates(customerType?: number | null): PaymentRates | undefined {
  const currencies = useCurrencies().data;
  const types = usePriceTypes().data;
  if (!currencies || !types) return undefined;
  const find = (code: string) => currencies.find((c) => c.code === code);
  const uzs = find('UZS');
  const usd = find('USD');
  if (!uzs || !usd) return undefined;
  const docId = salePriceType(types, customerType)?.currency ?? uzs.id;
  const doc = currencies.find((c) => c.id === docId) ?? uzs;
  const rate = (c: typeof uzs) => ({ id: c.id, code: c.code, rate: c.rate_to_uzs });
  return { doc: rate(doc), uzs: rate(uzs), usd: rate(usd) };
}

/**
 * Each variant's price in the sale's price list: a string, null when it has none, undefined while
 * it loads (the counter's lines, DESIGN.md section 19).
 */
export function useListPrices(
  variants: readonly number[],
  customerType?: number | null,
  kept?: KeptPrices,
): Map<number, string | null | undefined> {
  const types = usePriceTypes();
  const priceType = salePriceType(types.data, customerType);
  const results = useQueries({ queries: variants.map((id) => variantPricesQueryOptions(id, kept)) });
  const out = new Map<number, string | null | undefined>();
  variants.forEach((id, i) => {
    const data = results[i]?.data;
    if (types.data && !priceType) out.set(id, null);
    else if (!data || !priceType) out.set(id, results[i]?.isError ? null : undefined);
    else out.set(id, data.prices.find((p) => p.price_type === priceType.id)?.price ?? null);
  });
  return out;
}
