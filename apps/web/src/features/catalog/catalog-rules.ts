import { HEX_COLOR_PATTERN, type Product, searchFold, type Variant } from '@app/shared';
import type { MessageKey } from '../../i18n/catalogue.ts';
import type { Translate } from '../../i18n/useT.ts';

// The catalogue's pure rules (spec.md sections 2 and 5), kept apart from React so they are tested alone.

export const PRODUCTS_PAGE_SIZE = 50;

/** spec.md section 2: the delete confirmation names the item. */
export function deleteConfirmTitle(t: Translate, item: string): string {
  return t('catalog.deleteConfirm.title', { item });
}
export const DELETE_CONFIRM_NOTE = 'catalog.deleteConfirm.note' satisfies MessageKey;

/**
 * spec.md section 2: the products search covers name, model, code and unit name, ignoring case
 * and which Uzbek apostrophe a text is written with (DESIGN.md section 14).
 */
export function matchesProductSearch(product: Product, query: string): boolean {
  const q = searchFold(query.trim());
  if (!q) return true;
  return [product.name, product.model, String(product.code), product.unit_name].some((field) =>
    searchFold(field).includes(q),
  );
}

export function groupVariantsByProduct(variants: readonly Variant[]): Map<number, Variant[]> {
  const byProduct = new Map<number, Variant[]>();
  for (const v of variants) {
    const list = byProduct.get(v.product);
    if (list) list.push(v);
    else byProduct.set(v.product, [v]);
  }
  return byProduct;
}

/** spec.md section 9: 6 hex digits with an optional #. */
export function isHexColor(code: string): boolean {
  return HEX_COLOR_PATTERN.test(code.trim());
}

/** A CSS colour for a swatch: the code with its '#'. */
export function swatchColor(code: string): string {
  const c = code.trim();
  return c.startsWith('#') ? c : `#${c}`;
}
