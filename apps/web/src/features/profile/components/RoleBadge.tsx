import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { useRoleLabel } from '../../../i18n/role-labels.ts';

/** spec.md section 2, Profile: Kassir amber, admin indigo, manager emerald, every other role grey. */
function roleTone(role: string): BadgeTone {
  switch (role) {
    case 'Kassir':
      return 'amber';
    case 'admin':
      return 'indigo';
    case 'manager':
      return 'emerald';
    default:
      return 'gray';
  }
}

export function RoleBadge({ role }: { role: string }) {
  const roleLabel = useRoleLabel();
  return (
    <Badge tone={roleTone(role)} className="px-3 py-1 text-sm">
      <span data-testid="role-badge">{roleLabel(role)}</span>
    </Badge>
  );
}
