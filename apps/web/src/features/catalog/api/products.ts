import { type Product, type ProductCreate, ProductSchema, type ProductType } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

/** GET catalog/products/[?type=] (spec.md section 7). */
export function getProducts(type: ProductType | undefined, signal?: AbortSignal): Promise<Product[]> {
  return api.get('catalog/products/', { query: { type }, signal, schema: z.array(ProductSchema) });
}

export const productsQueryOptions = (type?: ProductType) =>
  queryOptions({ queryKey: catalogKeys.products(type), queryFn: ({ signal }) => getProducts(type, signal) });

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductCreate) => api.post('catalog/products/', body, { schema: ProductSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<ProductCreate> }) =>
      api.patch(`catalog/products/${id}/`, body, { schema: ProductSchema }),
    onSuccess: (product) => {
      // spec.md section 4: a product whose type changed leaves a type-specific list at once.
      for (const [key, list] of queryClient.getQueriesData<Product[]>({
        queryKey: catalogKeys.productLists,
      })) {
        const listType = key[2];
        if (!list) continue;
        const next =
          listType !== 'ALL' && listType !== product.type
            ? list.filter((p) => p.id !== product.id)
            : list.map((p) => (p.id === product.id ? product : p));
        queryClient.setQueryData(key, next);
      }
      return queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`catalog/products/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
