import { businessDay, seesWholeBusiness } from '@app/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/auth.ts';
import type { ScopeFilters } from './api/keys.ts';
import { type Period, periodFromParams } from './period.ts';
import { pickId, withChanges } from './report-params.ts';

export interface ReportSearch {
  params: URLSearchParams;
  /** Today in Tashkent, for the presets. */
  today: string;
  period: Period;
  /** Owner, admin or manager: may choose a department (DESIGN.md part two). */
  wholeBusiness: boolean;
  /** The chosen department (user id); undefined = the whole business. */
  department: number | undefined;
  /** The period and department as the API takes them. */
  scope: ScopeFilters;
  /** Changes some params (null or '' removes one) and starts again from page 1 unless `page` is given. */
  update: (changes: Record<string, string | null | undefined>) => void;
}

/** The shared filters of the dashboard and the reports, read from and written to the URL. */
export function useReportSearch(): ReportSearch {
  const [params, setParams] = useSearchParams();
  const wholeBusiness = seesWholeBusiness(useCurrentUser().data?.role);
  const today = businessDay(new Date());
  const period = useMemo(() => periodFromParams(params, today), [params, today]);
  // Only viewers of the whole business choose; the server fixes everyone else to their own.
  const department = wholeBusiness ? pickId(params.get('department')) : undefined;
  const scope = useMemo(
    () => ({ date_from: period.from, date_to: period.to, department }),
    [period, department],
  );
  return {
    params,
    today,
    period,
    wholeBusiness,
    department,
    scope,
    // replace: a filter change is not a page of its own for the Back button.
    update: (changes) => setParams((current) => withChanges(current, changes), { replace: true }),
  };
}
