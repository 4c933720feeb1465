import type { VariantOption } from '../../../components/VariantPicker.tsx';
import { searchVariants } from '../api/search-variants.ts';

/** The picker's search over GET catalog/variants/ (a stable function, so the picker's effect is too). */
export async function searchVariantOptions(text: string, signal: AbortSignal): Promise<VariantOption[]> {
  const variants = await searchVariants(text, signal);
  return variants.map((v) => ({ id: v.id, label: v.label, sku: v.sku }));
}

/** spec.md section 9: currency ids 1 USD, 2 UZS. */
export const CURRENCY_OPTIONS = [
  { value: '1', label: 'USD' },
  { value: '2', label: 'UZS' },
];
