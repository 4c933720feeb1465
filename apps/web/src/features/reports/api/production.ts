import {
  type PRODUCTION_COST_GROUPS,
  type ProductionCostReport,
  ProductionCostReportSchema,
} from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reportKeys, type ScopeFilters } from './keys.ts';

export type ProductionCostGroup = (typeof PRODUCTION_COST_GROUPS)[number];

export interface ProductionCostFilters extends ScopeFilters {
  group_by: ProductionCostGroup;
}

/** GET reports/production/ (DESIGN.md section 21): each posted order's cost, or each output variant's. */
export function useProductionCostReport(filters: ProductionCostFilters, page: number) {
  return useQuery({
    queryKey: reportKeys.production({ ...filters, page }),
    queryFn: ({ signal }): Promise<ProductionCostReport> =>
      api.get('reports/production/', {
        signal,
        query: { ...filters, page },
        schema: ProductionCostReportSchema,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
