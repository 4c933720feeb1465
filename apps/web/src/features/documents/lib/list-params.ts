import { DOCUMENT_STATUSES, type DocumentStatus } from '@app/shared';
import { pickId, pickOption } from '../../../lib/url-params.ts';

// A document list's filters live in the URL (a list can be bookmarked and survives a reload);
// a hand-edited value never reaches the server.

export interface DocumentFilters {
  status?: DocumentStatus | undefined;
  counterparty?: number | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  search?: string | undefined;
}

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The filters of GET api/{kind}/ from the URL; a reversed date range is read the right way round. */
export function documentFiltersFromParams(params: URLSearchParams): DocumentFilters {
  let from = params.get('date_from');
  let to = params.get('date_to');
  from = isDay(from) ? from : null;
  to = isDay(to) ? to : null;
  if (from && to && from > to) [from, to] = [to, from];
  const search = params.get('search')?.trim().slice(0, 50);
  return {
    status: pickOption(params.get('status'), DOCUMENT_STATUSES, undefined),
    counterparty: pickId(params.get('counterparty')),
    date_from: from ?? undefined,
    date_to: to ?? undefined,
    search: search || undefined,
  };
}
