import { VARIANT_PICKER_MAX_RESULTS, type Variant, VariantSchema } from '@app/shared';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** GET catalog/variants/?search=&limit=20, the forms' variant search (spec.md section 5). */
export function searchVariants(search: string, signal?: AbortSignal): Promise<Variant[]> {
  return api.get('catalog/variants/', {
    query: { search, limit: VARIANT_PICKER_MAX_RESULTS },
    signal,
    schema: z.array(VariantSchema),
  });
}
