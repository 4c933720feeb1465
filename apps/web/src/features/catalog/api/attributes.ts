import {
  type Color,
  ColorSchema,
  type ColorWrite,
  type Location,
  type LocationFormBody,
  LocationSchema,
  type Size,
  SizeSchema,
  type SizeWrite,
  type Unit,
  UnitSchema,
  type UnitWrite,
} from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from './keys.ts';

// Units, sizes, colours (spec.md section 7) and locations (DESIGN.md section 10): GET, POST, PUT by
// id, DELETE by id. One factory, since they differ only in path, key and shape.

function attributeApi<T extends { id: number }, W>(
  path: string,
  key: readonly string[],
  schema: z.ZodType<T>,
) {
  const list = (signal?: AbortSignal) => api.get(path, { signal, schema: z.array(schema) });
  return {
    queryOptions: queryOptions({ queryKey: key, queryFn: ({ signal }) => list(signal) }),
    useSave() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body }: { id?: number; body: W }) =>
          id === undefined
            ? api.post(`${path}`, body, { schema })
            : api.put(`${path}${id}/`, body, { schema }),
        // A renamed unit, colour or size shows in the products and variants too.
        onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      });
    },
    useDelete() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: number) => api.delete(`${path}${id}/`),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      });
    },
  };
}

export const unitsApi = attributeApi<Unit, UnitWrite>('catalog/units/', catalogKeys.units, UnitSchema);
export const sizesApi = attributeApi<Size, SizeWrite>('catalog/sizes/', catalogKeys.sizes, SizeSchema);
export const colorsApi = attributeApi<Color, ColorWrite>('catalog/colors/', catalogKeys.colors, ColorSchema);
export const locationsApi = attributeApi<Location, LocationFormBody>(
  'catalog/locations/',
  catalogKeys.locations,
  LocationSchema,
);
