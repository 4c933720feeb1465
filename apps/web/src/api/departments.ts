import type { BusinessUser } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

// The shared read layer (DESIGN.md section 15): the business's departments (its users, one
// department each), read once for every feature (debts, reports, history, offers, chat).

/** The departments' one key: a change to the business's users invalidates it. */
export const departmentsQueryKey = ['auth', 'by-business'] as const;

/** GET auth/by-business/ */
export function getDepartments(signal?: AbortSignal): Promise<BusinessUser[]> {
  return api.get('auth/by-business/', { signal, schema: (s) => s.BusinessUserSchema.array() });
}

export const departmentsQueryOptions = queryOptions({
  queryKey: departmentsQueryKey,
  queryFn: ({ signal }) => getDepartments(signal),
  staleTime: 60_000,
});

/** `enabled` false: no request (a role that is shown no department choice). */
export function useDepartments(enabled = true) {
  return useQuery({ ...departmentsQueryOptions, enabled });
}
