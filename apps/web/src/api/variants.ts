import { VARIANT_PICKER_MAX_RESULTS, type Variant } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScanMatch, VariantOption } from '../components/VariantPicker.tsx';
import { api } from '../lib/api-client.ts';

// The shared read layer (DESIGN.md section 15): variant search, once for every form and filter
// that picks a variant (stock entry and exit, product offers, the stock-movement report).

/** Every query of variants sits under this key: a variant written invalidates them all. */
export const variantsQueryKey = ['catalog', 'variants'] as const;

/** What a variant search asks: text (name, model, code, SKU); a scan asks `findVariantByBarcode`. */
export interface VariantSearch {
  text: string;
}

export const variantSearchQueryKey = (search: VariantSearch) =>
  [...variantsQueryKey, 'search', search] as const;

/** GET catalog/variants/?search=&limit=20 (spec.md section 5). */
export function searchVariants(search: VariantSearch, signal?: AbortSignal): Promise<Variant[]> {
  return api.get('catalog/variants/', {
    query: { search: search.text, limit: VARIANT_PICKER_MAX_RESULTS },
    signal,
    schema: (s) => s.VariantSchema.array(),
  });
}

export function variantSearchQueryOptions(search: VariantSearch) {
  return queryOptions({
    queryKey: variantSearchQueryKey(search),
    queryFn: ({ signal }) => searchVariants(search, signal),
  });
}

export function useVariantSearch(search: VariantSearch, enabled = true) {
  return useQuery({ ...variantSearchQueryOptions(search), enabled });
}

/** What VariantPicker shows of a variant. */
export function toVariantOption(v: Pick<Variant, 'id' | 'label' | 'sku'>): VariantOption {
  return { id: v.id, label: v.label, sku: v.sku };
}

/** VariantPicker's `search`: a stable function, so the picker's effect is too. */
export async function searchVariantOptions(text: string, signal: AbortSignal): Promise<VariantOption[]> {
  const variants = await searchVariants({ text }, signal);
  return variants.map(toVariantOption);
}

/**
 * GET catalog/variants/?barcode= (DESIGN.md section 18): the variant of a scanned code, exact, or
 * of a scale's weight code (then with `scanned`); null when no variant has it.
 */
export async function findVariantByBarcode(code: string, signal?: AbortSignal): Promise<Variant | null> {
  const found = await api.get('catalog/variants/', {
    query: { barcode: code },
    signal,
    schema: (s) => s.VariantSchema.array().max(1),
  });
  return found[0] ?? null;
}

/** VariantPicker's `findByBarcode`: the variant, and the quantity a scale's code weighed. */
export async function findVariantOptionByBarcode(
  code: string,
  signal: AbortSignal,
): Promise<ScanMatch | null> {
  const variant = await findVariantByBarcode(code, signal);
  return variant ? { variant: toVariantOption(variant), qty: variant.scanned?.qty ?? null } : null;
}
