import { type BusinessUser, BusinessUserSchema } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './keys.ts';

/** GET auth/by-business/: the people of my business, to start a conversation with. */
export function getBusinessUsers(signal?: AbortSignal): Promise<BusinessUser[]> {
  return api.get('auth/by-business/', { signal, schema: z.array(BusinessUserSchema) });
}

export const businessUsersQueryOptions = queryOptions({
  queryKey: chatKeys.businessUsers,
  queryFn: ({ signal }) => getBusinessUsers(signal),
  staleTime: 60_000,
});

export function useBusinessUsers(enabled: boolean) {
  return useQuery({ ...businessUsersQueryOptions, enabled });
}
