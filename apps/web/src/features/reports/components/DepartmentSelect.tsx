import { seesWholeBusiness } from '@app/shared';
import { Select } from '../../../components/ui/Select.tsx';
import { useT } from '../../../i18n/useT.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDepartments } from '../api/lookups.ts';

export interface DepartmentSelectProps {
  value: number | undefined;
  onChange: (department: number | undefined) => void;
}

/** A person's name as the offer forms write it: "MNG-01 — Malika Yusupova", else the e-mail. */
function departmentLabel(u: { email: string; first_name: string; last_name: string; code: string }) {
  const name = `${u.first_name} ${u.last_name}`.trim();
  if (u.code && name) return `${u.code} — ${name}`;
  return name || u.email;
}

/**
 * The department filter, for viewers of the whole business only (Owner, admin, manager): the
 * server fixes everyone else to their own department, so they see no picker (DESIGN.md section 11).
 */
export function DepartmentSelect({ value, onChange }: DepartmentSelectProps) {
  const t = useT();
  const role = useCurrentUser().data?.role;
  const wholeBusiness = seesWholeBusiness(role);
  const departments = useDepartments(wholeBusiness);
  if (!wholeBusiness) return null;
  return (
    <Select
      label={t('reports.department.label')}
      className="w-full sm:w-64"
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      options={[
        { value: '', label: t('reports.department.all') },
        ...(departments.data ?? []).map((u) => ({ value: String(u.id), label: departmentLabel(u) })),
      ]}
    />
  );
}
