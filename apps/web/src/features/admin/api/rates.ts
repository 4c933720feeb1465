import {
  type CbuImportResult,
  CbuImportResultSchema,
  type Currency,
  type CurrencyCreateBody,
  CurrencySchema,
  type RateCreateBody,
  type RateHistoryPage,
  RateHistoryPageSchema,
  type RateHistoryRow,
  RateHistoryRowSchema,
} from '@app/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currenciesQueryKey } from '../../../api/currencies.ts';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

// Currencies and rates of the business (DESIGN.md section 9). A new rate changes the exchange
// estimate, the balances grid's UZS totals and the history: every such query is refreshed.

const ratesKey = adminKeys.rates;

/** GET finance/currencies/{id}/rates/: 50 a page, newest first. */
export function useRateHistory(currencyId: number | null, page: number) {
  return useQuery({
    queryKey: ratesKey(currencyId ?? 0, page),
    queryFn: ({ signal }): Promise<RateHistoryPage> =>
      api.get(`finance/currencies/${currencyId}/rates/`, {
        signal,
        query: { page },
        schema: RateHistoryPageSchema,
      }),
    enabled: currencyId !== null,
    placeholderData: keepPreviousData,
  });
}

function useRefreshRates() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: currenciesQueryKey }),
      client.invalidateQueries({ queryKey: adminKeys.all }),
    ]);
}

/** POST finance/currencies/ */
export function useAddCurrency() {
  const refresh = useRefreshRates();
  return useMutation({
    mutationFn: (body: CurrencyCreateBody): Promise<Currency> =>
      api.post('finance/currencies/', body, { schema: CurrencySchema }),
    onSuccess: refresh,
  });
}

/** POST finance/currencies/{id}/rates/ */
export function useSetRate() {
  const refresh = useRefreshRates();
  return useMutation({
    mutationFn: ({
      currencyId,
      body,
    }: {
      currencyId: number;
      body: RateCreateBody;
    }): Promise<RateHistoryRow> =>
      api.post(`finance/currencies/${currencyId}/rates/`, body, { schema: RateHistoryRowSchema }),
    onSuccess: refresh,
  });
}

/** POST finance/rates/import-cbu/ */
export function useImportCbu() {
  const refresh = useRefreshRates();
  return useMutation({
    mutationFn: (): Promise<CbuImportResult> =>
      api.post('finance/rates/import-cbu/', undefined, { schema: CbuImportResultSchema }),
    onSuccess: refresh,
  });
}
