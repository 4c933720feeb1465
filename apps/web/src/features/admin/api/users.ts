import {
  type AdminUser,
  type AdminUserCreateBody,
  AdminUserSchema,
  type AdminUserUpdateBody,
} from '@app/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { departmentsQueryKey } from '../../../api/departments.ts';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

// The administrators' users (DESIGN.md section 9). A change refreshes every admin list (the
// balances grid names the departments too) and the business's departments (DESIGN.md section 15).

const usersKey = adminKeys.users;

/** GET admin/users/?search= */
export function useAdminUsers(search: string) {
  return useQuery({
    queryKey: usersKey(search),
    queryFn: ({ signal }): Promise<AdminUser[]> =>
      api.get('admin/users/', { signal, query: { search }, schema: z.array(AdminUserSchema) }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshUsers() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.all }),
      client.invalidateQueries({ queryKey: departmentsQueryKey }),
    ]);
}

export function useCreateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: AdminUserCreateBody): Promise<AdminUser> =>
      api.post('admin/users/', body, { schema: AdminUserSchema }),
    // A 502 (the mail server) still created the user: refresh either way.
    onSettled: refresh,
  });
}

export function useUpdateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminUserUpdateBody }): Promise<AdminUser> =>
      api.patch(`admin/users/${id}/`, body, { schema: AdminUserSchema }),
    onSuccess: refresh,
  });
}

export function useResendInvitation() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: number): Promise<AdminUser> =>
      api.post(`admin/users/${id}/invite/`, undefined, { schema: AdminUserSchema }),
    onSuccess: refresh,
  });
}
