import { type StatementLine, StatementLineSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { debtKeys } from './keys.ts';

/** GET crm/counterparties/{id}/statement/: debts and payments in time order, with the running balance. */
export function getStatement(id: number, signal?: AbortSignal): Promise<StatementLine[]> {
  return api.get(`crm/counterparties/${id}/statement/`, { signal, schema: z.array(StatementLineSchema) });
}

export function useStatement(id: number) {
  return useQuery({
    queryKey: debtKeys.statement(id),
    queryFn: ({ signal }) => getStatement(id, signal),
    retry: false,
  });
}
