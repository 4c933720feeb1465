import { ROLES, type Role } from '@app/shared';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { useRoleLabel } from '../../../i18n/role-labels.ts';

/**
 * The roles the Owner allows to sell or to buy (DESIGN.md section 19), a checkbox each: the fixed
 * role (the Bozorchi sells, the Ta'minotchi buys) is shown ticked and cannot be unticked.
 */
export function AllowedRolesField({
  legend,
  hint,
  fixed,
  registration,
  error,
}: {
  legend: string;
  hint: string;
  fixed: readonly Role[];
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const roleLabel = useRoleLabel();
  const id = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        {ROLES.map((role) =>
          fixed.includes(role) ? (
            <Checkbox key={role} label={roleLabel(role)} checked disabled readOnly />
          ) : (
            <Checkbox key={role} label={roleLabel(role)} value={role} {...registration} />
          ),
        )}
      </div>
      {error ? <p className="text-xs font-medium text-red-600">{error}</p> : null}
    </fieldset>
  );
}
