import { type Location, LocationSchema } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

// The business's locations (DESIGN.md section 10) for the stock forms' location field and the
// lists' filter. The key is the catalogue's, so a location written on the catalogue pages shows
// here at once (the catalogue's writes invalidate ['catalog']).
export const locationsQueryOptions = queryOptions({
  queryKey: ['catalog', 'locations'] as const,
  queryFn: ({ signal }) => api.get('catalog/locations/', { signal, schema: z.array(LocationSchema) }),
  staleTime: 60_000,
});

export function useLocations() {
  return useQuery(locationsQueryOptions);
}

/** The active locations' names, for a datalist: a person may still type another place. */
export function activeLocationNames(locations: Location[] | undefined): string[] {
  return (locations ?? []).filter((l) => l.is_active).map((l) => l.name);
}
