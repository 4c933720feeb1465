import type { OfferCreateBody } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDepartments } from '../../../api/departments.ts';
import { api } from '../../../lib/api-client.ts';

// The calls of the new-product offer form (spec.md sections 3, 5 and 7).

/** GET /auth/by-business/: the departments to choose the other party from (DESIGN.md section 15). */
export function useBusinessUsers() {
  return useDepartments();
}

/** GET catalog/variants/?search=&limit=20 for the form's variant picker (DESIGN.md section 15). */
export {
  findVariantOptionByBarcode as findOfferVariantByBarcode,
  searchVariantOptions as searchOfferVariants,
} from '../../../api/variants.ts';

/** POST offers/offers/ with item lines: a new product offer. */
export function createProductOffer(body: OfferCreateBody): Promise<unknown> {
  return api.post('offers/offers/', body);
}

export function useCreateProductOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProductOffer,
    // Whatever lists of offers the pages hold are stale now.
    onSuccess: () => client.invalidateQueries({ queryKey: ['offers'] }),
  });
}
