import { type Offer, OfferSchema } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { offersKeys } from './keys.ts';

/** GET offers/offers/{id}/: one offer (its parties only; 404 for anyone else). */
export function getOffer(id: number, signal?: AbortSignal): Promise<Offer> {
  return api.get(`offers/offers/${id}/`, { signal, schema: OfferSchema });
}

export function offerQueryOptions(id: number) {
  return queryOptions({
    queryKey: offersKeys.detail(id),
    queryFn: ({ signal }) => getOffer(id, signal),
    retry: false,
  });
}

export function useOffer(id: number) {
  return useQuery(offerQueryOptions(id));
}
