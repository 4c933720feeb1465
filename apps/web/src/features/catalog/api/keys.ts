import type { ProductType } from '@app/shared';
import { variantsQueryKey } from '../../../api/variants.ts';

/** Query keys of the catalogue; every write invalidates `catalogKeys.all`. */
export const catalogKeys = {
  all: ['catalog'] as const,
  products: (type?: ProductType) => ['catalog', 'products', type ?? 'ALL'] as const,
  productLists: ['catalog', 'products'] as const,
  /** The shared read layer's (DESIGN.md section 15): a variant written invalidates its searches too. */
  variants: variantsQueryKey,
  units: ['catalog', 'units'] as const,
  sizes: ['catalog', 'sizes'] as const,
  colors: ['catalog', 'colors'] as const,
  locations: ['catalog', 'locations'] as const,
  /** The recipes (DESIGN.md section 21): the list, and a recipe as each version was. */
  recipes: ['catalog', 'recipes'] as const,
  recipe: (id: number, version?: number) => ['catalog', 'recipes', id, version ?? 'current'] as const,
  /** A variant's prices (DESIGN.md section 19); the price types are the shared read layer's. */
  variantPrices: (variant: number) => ['catalog', 'variant-prices', variant] as const,
};
