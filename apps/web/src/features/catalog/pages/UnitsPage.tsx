import { UNIT_MEASURES, type Unit, UnitFormSchema, type UnitWrite } from '@app/shared';
import { useT } from '../../../i18n/useT.ts';
import { unitsApi } from '../api/attributes.ts';
import { AttributeCrudPage } from '../components/AttributeCrudPage.tsx';
import { UNIT_MEASURE_KEYS } from '../labels.ts';

/** /catalog/unit (spec.md section 2, Units page): name, measure, fixed rate to the base unit. */
export function UnitsPage() {
  const t = useT();
  return (
    <AttributeCrudPage<Unit, UnitWrite>
      title={t('catalog.units.title')}
      loadError={t('catalog.units.loadError')}
      addLabel={t('catalog.units.add')}
      queryOptions={unitsApi.queryOptions}
      save={unitsApi.useSave()}
      remove={unitsApi.useDelete()}
      columns={[
        { header: t('catalog.field.name'), cell: (u) => u.name },
        { header: t('catalog.field.measure'), cell: (u) => t(UNIT_MEASURE_KEYS[u.measure]) },
        {
          header: t('catalog.field.rateToBase'),
          cell: (u) => <span className="tabular-nums">{u.fixed_rate_to_base}</span>,
        },
      ]}
      fields={[
        { name: 'name', label: t('catalog.field.name') },
        {
          name: 'measure',
          label: t('catalog.field.measure'),
          options: UNIT_MEASURES.map((m) => ({ value: m, label: t(UNIT_MEASURE_KEYS[m]) })),
        },
        { name: 'fixed_rate_to_base', label: t('catalog.field.rateToBase'), placeholder: '0' },
      ]}
      toForm={(u) => ({
        name: u?.name ?? '',
        measure: u?.measure ?? '',
        fixed_rate_to_base: u?.fixed_rate_to_base ?? '',
      })}
      // spec.md section 5, Unit create: name and measure non-blank; the rate falls back to 0.
      schema={UnitFormSchema}
      itemName={(u) => u.name}
    />
  );
}
