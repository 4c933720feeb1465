import {
  DOCUMENTS_PAGE_SIZE,
  type Shift,
  type ShiftCountInput,
  type ShiftPage,
  ShiftPageSchema,
  ShiftSchema,
  type ShiftStatus,
} from '@app/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moneyQueryKey } from '../../../api/currencies.ts';
import { shiftsQueryKey } from '../../../api/shifts.ts';
import { api, downloadFile } from '../../../lib/api-client.ts';

// Cash shifts (DESIGN.md sections 19 "Paths" and 22): open, the blind close, the list, one shift
// and its Z-report. The department's current shift is the read layer's (api/shifts.ts).

export interface ShiftFilters {
  department?: number | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  status?: ShiftStatus | undefined;
}

/** GET api/shifts/: a page of shifts, newest first, with each department's totals. */
export function useShifts(filters: ShiftFilters, page: number) {
  return useQuery({
    queryKey: [...shiftsQueryKey, 'list', filters, page] as const,
    queryFn: ({ signal }): Promise<ShiftPage> =>
      api.get('shifts/', {
        signal,
        query: { ...filters, page, page_size: DOCUMENTS_PAGE_SIZE },
        schema: ShiftPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET api/shifts/{id}/ */
export function useShift(id: number | undefined) {
  return useQuery({
    queryKey: [...shiftsQueryKey, 'one', id ?? 0] as const,
    queryFn: ({ signal }): Promise<Shift> => api.get(`shifts/${id}/`, { signal, schema: ShiftSchema }),
    enabled: id !== undefined,
    retry: false,
  });
}

/** What opening or closing a shift moves: the shifts, and the balances its SHIFT_DIFF rows change. */
function useRefreshMoved() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: shiftsQueryKey }),
      client.invalidateQueries({ queryKey: moneyQueryKey }),
      client.invalidateQueries({ queryKey: ['reports'] }),
    ]);
}

/** POST api/shifts/: the drawer counted at opening, sent once under its Idempotency-Key. */
export function useOpenShift() {
  const refresh = useRefreshMoved();
  return useMutation({
    mutationFn: ({ opening, key }: { opening: ShiftCountInput[]; key: string }): Promise<Shift> =>
      api.post('shifts/', { opening }, { idempotencyKey: key, schema: ShiftSchema }),
    onSuccess: refresh,
  });
}

/** POST api/shifts/{id}/close/: the blind count; the answer has the expected amounts and differences. */
export function useCloseShift() {
  const refresh = useRefreshMoved();
  return useMutation({
    mutationFn: ({ id, counted, key }: { id: number; counted: ShiftCountInput[]; key: string }) =>
      api.post(`shifts/${id}/close/`, { counted }, { idempotencyKey: key, schema: ShiftSchema }),
    onSuccess: refresh,
  });
}

/** GET api/shifts/{id}/z-report/: the shift's Z-report, a PDF downloaded with the session's token. */
export function downloadZReport(shift: Pick<Shift, 'id' | 'number'>): Promise<void> {
  return downloadFile(`shifts/${shift.id}/z-report/`, {}, `z-report-${shift.number}.pdf`);
}
