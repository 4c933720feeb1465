import { CURRENCY_IDS } from '@app/shared';
import type { VariantOption } from '../../../components/VariantPicker.tsx';
import { searchVariants } from '../api/search-variants.ts';

/** The picker's search over GET catalog/variants/ (a stable function, so the picker's effect is too). */
export async function searchVariantOptions(text: string, signal: AbortSignal): Promise<VariantOption[]> {
  const variants = await searchVariants(text, signal);
  return variants.map((v) => ({ id: v.id, label: v.label, sku: v.sku }));
}

/** spec.md section 9: the fixed currency ids. */
export const CURRENCY_OPTIONS = Object.entries(CURRENCY_IDS).map(([code, id]) => ({
  value: String(id),
  label: code,
}));

/** The code of a currency id the forms hold ('1' -> 'USD'). */
export function currencyCode(id: string): string {
  return CURRENCY_OPTIONS.find((o) => o.value === id)?.label ?? '';
}
