import {
  LOCATION_KINDS,
  type Location,
  type LocationFormBody,
  LocationFormSchema,
  type LocationKind,
} from '@app/shared';
import { Badge } from '../../../components/ui/Badge.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { locationsApi } from '../api/attributes.ts';
import { AttributeCrudPage } from '../components/AttributeCrudPage.tsx';

/** The kinds' names. */
const KIND_LABELS: Record<LocationKind, MessageKey> = {
  WAREHOUSE: 'catalog.locationKind.warehouse',
  SHOP: 'catalog.locationKind.shop',
  MARKET: 'catalog.locationKind.market',
  WORKSHOP: 'catalog.locationKind.workshop',
  OTHER: 'catalog.locationKind.other',
};

/**
 * /catalog/location, the seed's "Manzillar" (DESIGN.md section 10): the places stock is kept and
 * sold; the stock forms offer the active ones. The catalogue's writing roles manage them, and see
 * why a write was refused (a taken name, a location that stock entries or exits name).
 */
export function LocationPage() {
  const t = useT();
  const kindOptions = LOCATION_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) }));
  const statusOptions = [
    { value: 'true', label: t('catalog.status.active') },
    { value: 'false', label: t('catalog.status.inactive') },
  ];
  return (
    <AttributeCrudPage<Location, LocationFormBody>
      title={t('catalog.locations.title')}
      loadError={t('catalog.locations.loadError')}
      addLabel={t('catalog.locations.add')}
      queryOptions={locationsApi.queryOptions}
      save={locationsApi.useSave()}
      remove={locationsApi.useDelete()}
      columns={[
        { header: t('catalog.field.name'), cell: (l) => l.name },
        { header: t('catalog.field.type'), cell: (l) => t(KIND_LABELS[l.kind]) },
        { header: t('catalog.field.address'), cell: (l) => l.address || '—' },
        {
          header: t('catalog.field.status'),
          cell: (l) =>
            l.is_active ? (
              <Badge tone="emerald">{t('catalog.status.active')}</Badge>
            ) : (
              <Badge tone="gray">{t('catalog.status.inactive')}</Badge>
            ),
        },
      ]}
      fields={[
        { name: 'name', label: t('catalog.field.name') },
        { name: 'kind', label: t('catalog.field.type'), options: kindOptions },
        {
          name: 'address',
          label: t('catalog.field.address'),
          placeholder: t('catalog.locations.addressPlaceholder'),
        },
        { name: 'is_active', label: t('catalog.field.status'), options: statusOptions },
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
