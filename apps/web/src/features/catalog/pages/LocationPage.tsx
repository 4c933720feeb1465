import {
  LOCATION_KIND_LABELS,
  LOCATION_KINDS,
  type Location,
  type LocationFormBody,
  LocationFormSchema,
} from '@app/shared';
import { Badge } from '../../../components/ui/Badge.tsx';
import { locationsApi } from '../api/attributes.ts';
import { AttributeCrudPage } from '../components/AttributeCrudPage.tsx';

const KIND_OPTIONS = LOCATION_KINDS.map((k) => ({ value: k, label: LOCATION_KIND_LABELS[k] }));
const STATUS_OPTIONS = [
  { value: 'true', label: 'Faol' },
  { value: 'false', label: 'Nofaol' },
];

/**
 * /catalog/location, the seed's "Manzillar" (DESIGN.md section 10): the places stock is kept and
 * sold; the stock forms offer the active ones. The catalogue's writing roles manage them, and see
 * why a write was refused (a taken name, a location that stock entries or exits name).
 */
export function LocationPage() {
  return (
    <AttributeCrudPage<Location, LocationFormBody>
      title="Manzillar"
      loadError="Failed to load locations"
      addLabel="Manzil qo'shish"
      queryOptions={locationsApi.queryOptions}
      save={locationsApi.useSave()}
      remove={locationsApi.useDelete()}
      columns={[
        { header: 'Nomi', cell: (l) => l.name },
        { header: 'Turi', cell: (l) => LOCATION_KIND_LABELS[l.kind] },
        { header: 'Manzil', cell: (l) => l.address || '—' },
        {
          header: 'Holati',
          cell: (l) => (l.is_active ? <Badge tone="emerald">Faol</Badge> : <Badge tone="gray">Nofaol</Badge>),
        },
      ]}
      fields={[
        { name: 'name', label: 'Nomi' },
        { name: 'kind', label: 'Turi', options: KIND_OPTIONS },
        { name: 'address', label: 'Manzil', placeholder: "Shahar, ko'cha, uy" },
        { name: 'is_active', label: 'Holati', options: STATUS_OPTIONS },
      ]}
      toForm={(l) => ({
        name: l?.name ?? '',
        kind: l?.kind ?? 'WAREHOUSE',
        address: l?.address ?? '',
        is_active: String(l?.is_active ?? true),
      })}
      schema={LocationFormSchema}
      itemName={(l) => l.name}
      showServerErrors
    />
  );
}
