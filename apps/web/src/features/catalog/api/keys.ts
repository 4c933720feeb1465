import type { ProductType } from '@app/shared';

/** Query keys of the catalogue; every write invalidates `catalogKeys.all`. */
export const catalogKeys = {
  all: ['catalog'] as const,
  products: (type?: ProductType) => ['catalog', 'products', type ?? 'ALL'] as const,
  productLists: ['catalog', 'products'] as const,
  variants: ['catalog', 'variants'] as const,
  units: ['catalog', 'units'] as const,
  sizes: ['catalog', 'sizes'] as const,
  colors: ['catalog', 'colors'] as const,
  locations: ['catalog', 'locations'] as const,
};
