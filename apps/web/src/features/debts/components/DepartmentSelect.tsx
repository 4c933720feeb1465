import { seesEveryDebt } from '@app/shared';
import { useDepartments } from '../../../api/departments.ts';
import { Select } from '../../../components/ui/Select.tsx';
import { useT } from '../../../i18n/useT.ts';
import { useCurrentUser } from '../../../lib/auth.ts';

/** A person's name as the offer forms write it: "MNG-01 — Malika Yusupova", else the e-mail. */
function departmentLabel(u: { email: string; first_name: string; last_name: string; code: string }) {
  const name = `${u.first_name} ${u.last_name}`.trim();
  if (u.code && name) return `${u.code} — ${name}`;
  return name || u.email;
}

/**
 * The department filter of the debt book, for the roles that see every debt (Owner, admin,
 * manager and the Kassir, DESIGN.md section 12); the server fixes everyone else to their own.
 */
export function DepartmentSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (department: number | undefined) => void;
}) {
  const t = useT();
  const everyDebt = seesEveryDebt(useCurrentUser().data?.role);
  const departments = useDepartments(everyDebt);
  if (!everyDebt) return null;
  return (
    <Select
      label={t('debts.common.department')}
      className="w-full sm:w-64"
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      options={[
        { value: '', label: t('debts.department.all') },
        ...(departments.data ?? []).map((u) => ({ value: String(u.id), label: departmentLabel(u) })),
      ]}
    />
  );
}
