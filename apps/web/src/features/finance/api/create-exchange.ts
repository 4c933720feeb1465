import { type ExchangeBody, type ExchangeResponse, ExchangeResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

/** POST offers/exchanges/ with a fresh Idempotency-Key per submit (DESIGN.md section 4). */
export function createExchange(body: ExchangeBody): Promise<ExchangeResponse> {
  return api.post('offers/exchanges/', body, { idempotencyKey: true, schema: ExchangeResponseSchema });
}

export function useCreateExchange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createExchange,
    onSuccess: () => client.invalidateQueries({ queryKey: financeKeys.all }),
  });
}
