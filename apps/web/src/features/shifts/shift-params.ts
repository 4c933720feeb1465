import { SHIFT_STATUSES } from '@app/shared';
import { pickId, pickOption } from '../../lib/url-params.ts';
import type { ShiftFilters } from './api/shifts.ts';

// The shifts' filters live in the URL (a list can be bookmarked and survives a reload); a
// hand-edited value never reaches the server.

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The filters of GET api/shifts/ from the URL; a reversed period is read the right way round. */
export function shiftFiltersFromParams(params: URLSearchParams): ShiftFilters {
  let from = params.get('date_from');
  let to = params.get('date_to');
  from = isDay(from) ? from : null;
  to = isDay(to) ? to : null;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    department: pickId(params.get('department')),
    date_from: from ?? undefined,
    date_to: to ?? undefined,
    status: pickOption(params.get('status'), SHIFT_STATUSES, undefined),
  };
}
