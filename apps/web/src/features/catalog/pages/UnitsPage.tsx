import { UNIT_MEASURE_LABELS, UNIT_MEASURES, type Unit, UnitFormSchema, type UnitWrite } from '@app/shared';
import { unitsApi } from '../api/attributes.ts';
import { AttributeCrudPage } from '../components/AttributeCrudPage.tsx';

/** /catalog/unit (spec.md section 2, Units page): name, measure, fixed rate to the base unit. */
export function UnitsPage() {
  return (
    <AttributeCrudPage<Unit, UnitWrite>
      title="O'lchov birliglari"
      loadError="Failed to load units"
      addLabel="O'lchov birligi qo'shish"
      queryOptions={unitsApi.queryOptions}
      save={unitsApi.useSave()}
      remove={unitsApi.useDelete()}
      columns={[
        { header: 'Nomi', cell: (u) => u.name },
        { header: "O'lchov", cell: (u) => u.measure_display },
        {
          header: 'Asosiy birlikka nisbat',
          cell: (u) => <span className="tabular-nums">{u.fixed_rate_to_base}</span>,
        },
      ]}
      fields={[
        { name: 'name', label: 'Nomi' },
        {
          name: 'measure',
          label: "O'lchov",
          options: UNIT_MEASURES.map((m) => ({ value: m, label: UNIT_MEASURE_LABELS[m] })),
        },
        { name: 'fixed_rate_to_base', label: 'Asosiy birlikka nisbat', placeholder: '0' },
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
