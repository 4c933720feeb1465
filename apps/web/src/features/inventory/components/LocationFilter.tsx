import { Select } from '../../../components/ui/Select.tsx';
import { useT } from '../../../i18n/useT.ts';
import { useLocations } from '../api/locations.ts';

/** The Buy and Sell lists' location filter (DESIGN.md section 10): every location, or one. */
export function LocationFilter({ value, onChange }: { value: string; onChange: (location: string) => void }) {
  const t = useT();
  const locations = useLocations();
  return (
    <Select
      label={t('inventory.location.label')}
      className="w-full sm:w-56"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[
        { value: '', label: t('inventory.location.all') },
        ...(locations.data ?? []).map((l) => ({
          value: l.name,
          label: l.is_active ? l.name : t('inventory.location.inactive', { name: l.name }),
        })),
      ]}
    />
  );
}
