import {
  type Offer,
  type OfferAction,
  type OfferApproveBody,
  type OfferCreateBody,
  OfferSchema,
} from '@app/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { moneyQueryKey, useCurrencies } from '../../../api/currencies.ts';
import { api } from '../../../lib/api-client.ts';
import { type OfferSide, offersKeys } from './keys.ts';

// The offer calls of spec.md section 7 (their keys: keys.ts).

/** GET offers/offers/get_incomes/ or get_outcomes/ */
export function getOffers(side: OfferSide, signal?: AbortSignal): Promise<Offer[]> {
  return api.get(`offers/offers/get_${side}/`, { signal, schema: z.array(OfferSchema) });
}

export function offersQueryOptions(side: OfferSide) {
  return queryOptions({ queryKey: offersKeys.side(side), queryFn: ({ signal }) => getOffers(side, signal) });
}

export function useOffers(side: OfferSide) {
  return useQuery(offersQueryOptions(side));
}

/** GET finance/currencies/ for the money offer form (the shared read layer's, DESIGN.md section 15). */
export function useOfferCurrencies() {
  return useCurrencies();
}

/**
 * POST offers/offers/{id}/{action}/, or DELETE offers/offers/{id}/ for delete. An approval may
 * state the quantities received (DESIGN.md section 20); without them everything is received.
 */
export function runOfferAction(
  id: number,
  action: OfferAction,
  body: OfferApproveBody = {},
): Promise<unknown> {
  if (action === 'delete') return api.delete(`offers/offers/${id}/`);
  // Approve moves money or stock: one Idempotency-Key per click (DESIGN.md section 4).
  return api.post(
    `offers/offers/${id}/${action}/`,
    action === 'approve' ? (body ?? {}) : {},
    action === 'approve' ? { idempotencyKey: true } : {},
  );
}

export function useOfferAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: OfferAction; body?: OfferApproveBody }) =>
      runOfferAction(id, action, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: offersKeys.all }),
        client.invalidateQueries({ queryKey: moneyQueryKey }),
      ]),
  });
}

/** POST offers/offers/ with money lines. */
export function createMoneyOffer(body: OfferCreateBody): Promise<Offer> {
  return api.post('offers/offers/', body, { schema: OfferSchema });
}

export function useCreateMoneyOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createMoneyOffer,
    onSuccess: () => client.invalidateQueries({ queryKey: offersKeys.all }),
  });
}
