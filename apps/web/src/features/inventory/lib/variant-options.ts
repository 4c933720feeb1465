import { CURRENCY_IDS } from '@app/shared';

/** The picker's search and scan lookup over GET catalog/variants/ (the shared read layer's, DESIGN.md section 15). */
export { findVariantOptionByBarcode, searchVariantOptions } from '../../../api/variants.ts';

/** spec.md section 9: the fixed currency ids. */
export const CURRENCY_OPTIONS = Object.entries(CURRENCY_IDS).map(([code, id]) => ({
  value: String(id),
  label: code,
}));

/** The code of a currency id the forms hold ('1' -> 'USD'). */
export function currencyCode(id: string): string {
  return CURRENCY_OPTIONS.find((o) => o.value === id)?.label ?? '';
}
