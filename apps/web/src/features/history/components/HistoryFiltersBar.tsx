import { Button } from '../../../components/ui/Button.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { type HistoryFilters, NO_FILTERS, useDepartments } from '../api/audit.ts';

/** What the rows are about, as the server records `entity` (DESIGN.md section 3 "Audit"). */
const ENTITIES = [
  { value: 'offer', label: 'Taklif' },
  { value: 'exchange', label: 'Almashtirish' },
  { value: 'money_transaction', label: 'Kassa' },
  { value: 'stock_entry', label: 'Kirim (ombor)' },
  { value: 'stock_exit', label: 'Chiqim (ombor)' },
  { value: 'product', label: 'Mahsulot' },
  { value: 'variant', label: 'Variant' },
  { value: 'location', label: 'Manzil' },
  { value: 'user', label: 'Foydalanuvchi' },
];

interface Props {
  value: HistoryFilters;
  onChange: (next: HistoryFilters) => void;
  /** Owner, admin and manager see the whole business, so they may pick whose actions. */
  wholeBusiness: boolean;
}

export function HistoryFiltersBar({ value, onChange, wholeBusiness }: Props) {
  const departments = useDepartments(wholeBusiness);
  const set = (key: keyof HistoryFilters) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Input label="Qidirish" placeholder="Tavsif bo'yicha" value={value.search} onChange={set('search')} />
      {wholeBusiness ? (
        <Select
          label="Kim"
          value={value.actor}
          onChange={set('actor')}
          options={[
            { value: '', label: 'Hammasi' },
            ...(departments.data ?? []).map((u) => ({
              value: String(u.id),
              label: `${u.email} (${u.role})`,
            })),
          ]}
        />
      ) : null}
      <Select
        label="Obyekt"
        value={value.entity}
        onChange={set('entity')}
        options={[{ value: '', label: 'Hammasi' }, ...ENTITIES]}
      />
      <Input
        label="Amal"
        placeholder="masalan, offer.approve"
        value={value.action}
        onChange={set('action')}
      />
      <Input label="Sanadan" type="date" value={value.date_from} onChange={set('date_from')} />
      <Input label="Sanagacha" type="date" value={value.date_to} onChange={set('date_to')} />
      <div className="flex items-end">
        <Button variant="secondary" onClick={() => onChange(NO_FILTERS)}>
          Tozalash
        </Button>
      </div>
    </div>
  );
}
