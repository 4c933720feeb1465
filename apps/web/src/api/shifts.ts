import type { CurrentShift } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

// The shared read layer (DESIGN.md section 15): the department's own cash shift (section 22), read
// by the shift page and by the counter (a sale may need an open shift).

/** Every shift query sits under this key: opening or closing a shift invalidates it as a whole. */
export const shiftsQueryKey = ['shifts'] as const;
export const currentShiftQueryKey = ['shifts', 'current'] as const;

/** GET api/shifts/current/: the open shift or null, whether the user keeps one, and the sales rule. */
export function useCurrentShift(enabled = true) {
  return useQuery({
    queryKey: currentShiftQueryKey,
    queryFn: ({ signal }): Promise<CurrentShift> =>
      api.get('shifts/current/', { signal, schema: (s) => s.CurrentShiftSchema }),
    enabled,
  });
}
