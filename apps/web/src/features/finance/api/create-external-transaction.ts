import {
  type ExternalTransactionBody,
  type ExternalTransactionResponse,
  ExternalTransactionResponseSchema,
} from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

/** POST finance/money-transactions/external-transaction/ (Kassir only), with an Idempotency-Key. */
export function createExternalTransaction(
  body: ExternalTransactionBody,
): Promise<ExternalTransactionResponse> {
  return api.post('finance/money-transactions/external-transaction/', body, {
    idempotencyKey: true,
    schema: ExternalTransactionResponseSchema,
  });
}

export function useCreateExternalTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createExternalTransaction,
    onSuccess: () => client.invalidateQueries({ queryKey: financeKeys.all }),
  });
}
