import {
  type BalanceAdjustBody,
  type BalanceAdjustResult,
  BalanceAdjustResultSchema,
  type BalanceGrid,
  BalanceGridSchema,
  type BusinessSettings,
  type BusinessSettingsPatch,
  BusinessSettingsSchema,
} from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moneyQueryKey } from '../../../api/currencies.ts';
import { api } from '../../../lib/api-client.ts';
import { whoamiQueryKey } from '../../../lib/auth.ts';
import { adminKeys } from './keys.ts';

// Opening balances, corrections and business settings (DESIGN.md section 9).

const gridKey = adminKeys.balances;
const settingsKey = adminKeys.settings;

/** GET admin/balances/: departments x currencies, totals in UZS at the rates in force. */
export function useBalanceGrid() {
  return useQuery({
    queryKey: gridKey,
    queryFn: ({ signal }): Promise<BalanceGrid> =>
      api.get('admin/balances/', { signal, schema: BalanceGridSchema }),
  });
}

/**
 * POST admin/balances/adjust/ with the dialog's Idempotency-Key: one key per opened dialog, so a
 * double click or a retry after a lost answer writes the row once.
 */
export function useAdjustBalance(idempotencyKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BalanceAdjustBody): Promise<BalanceAdjustResult> =>
      api.post('admin/balances/adjust/', body, { idempotencyKey, schema: BalanceAdjustResultSchema }),
    // The grid, and the administrator's own balances if they adjusted themselves.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: gridKey }),
        client.invalidateQueries({ queryKey: moneyQueryKey }),
      ]),
  });
}

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }): Promise<BusinessSettings> =>
      api.get('admin/settings/', { signal, schema: BusinessSettingsSchema }),
  });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSettingsPatch): Promise<BusinessSettings> =>
      api.patch('admin/settings/', body, { schema: BusinessSettingsSchema }),
    onSuccess: (saved) => {
      client.setQueryData(settingsKey, saved);
      // Who sells and buys may have changed, the signed-in administrator included (can_sell, can_buy).
      return client.invalidateQueries({ queryKey: whoamiQueryKey });
    },
  });
}
