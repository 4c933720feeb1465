import { HEX_COLOR_PATTERN, type Product, type Variant } from '@app/shared';

// The catalogue's pure rules (spec.md sections 2 and 5), kept apart from React so they are tested alone.

export const PRODUCTS_PAGE_SIZE = 50;

/** spec.md section 2: the delete confirmation names the item. */
export function deleteConfirmTitle(item: string): string {
  return `Haqiqatdan ham o'chirib tashlamqochimisiz ${item}?`;
}
export const DELETE_CONFIRM_NOTE = "Bu amalni ortga qaytarib bo'lmaydi.";

/** spec.md section 2: the products search covers name, model, code and unit name, ignoring case. */
export function matchesProductSearch(product: Product, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [product.name, product.model, String(product.code), product.unit_name].some((field) =>
    field.toLowerCase().includes(q),
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
