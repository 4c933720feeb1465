import { type DebtPayment, type DebtPaymentCreate, DebtPaymentSchema } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { debtKeys, MOVED_ELSEWHERE } from './keys.ts';

/** GET debts/{id}/payments/: oldest first. */
export function useDebtPayments(id: number) {
  return useQuery({
    queryKey: debtKeys.payments(id),
    queryFn: ({ signal }): Promise<DebtPayment[]> =>
      api.get(`debts/${id}/payments/`, { signal, schema: z.array(DebtPaymentSchema) }),
    retry: false,
  });
}

/**
 * POST debts/{id}/payments/ with an Idempotency-Key per submit: 201, or 409 with a detail (more
 * than remains, beyond the payer's balance, already paid); 403 for anyone but the debt's
 * department and the Kassir (DESIGN.md section 12).
 */
export function payDebt(id: number, body: DebtPaymentCreate): Promise<DebtPayment> {
  return api.post(`debts/${id}/payments/`, body, { idempotencyKey: true, schema: DebtPaymentSchema });
}

/** After a payment: every debt list, card and statement, and the payer's balances and ledger. */
export function usePayDebt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DebtPaymentCreate }) => payDebt(id, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: debtKeys.all }),
        ...MOVED_ELSEWHERE.map((queryKey) => client.invalidateQueries({ queryKey })),
      ]),
  });
}
