import { useId } from 'react';
import { Input, type InputProps } from '../../../components/ui/Input.tsx';
import { useT } from '../../../i18n/useT.ts';
import { activeLocationNames, useLocations } from '../api/locations.ts';

/**
 * The stock forms' "Joylashuv" (spec.md section 5): still free text, as the API keeps it, with the
 * business's active locations offered as suggestions (DESIGN.md section 10).
 */
export function LocationField(props: InputProps) {
  const t = useT();
  const listId = useId();
  const locations = useLocations();
  return (
    <>
      <Input label={t('inventory.location.label')} autoComplete="off" list={listId} {...props} />
      <datalist id={listId}>
        {activeLocationNames(locations.data).map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
