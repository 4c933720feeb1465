import { Select } from '../../../components/ui/Select.tsx';
import { useLocations } from '../api/locations.ts';

/** The Buy and Sell lists' location filter (DESIGN.md section 10): every location, or one. */
export function LocationFilter({ value, onChange }: { value: string; onChange: (location: string) => void }) {
  const locations = useLocations();
  return (
    <Select
      label="Joylashuv"
      className="w-full sm:w-56"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[
        { value: '', label: 'Barcha joylar' },
        ...(locations.data ?? []).map((l) => ({
          value: l.name,
          label: l.is_active ? l.name : `${l.name} (nofaol)`,
        })),
      ]}
    />
  );
}
