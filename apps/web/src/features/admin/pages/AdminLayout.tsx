import { Outlet } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { paths } from '../../../config/paths.ts';

/** DESIGN.md section 9: the administrators' area and its sections. */
const ADMIN_TABS = [
  { to: paths.admin.users, label: 'Foydalanuvchilar' },
  { to: paths.admin.currencies, label: 'Valyutalar va kurslar' },
  { to: paths.admin.balances, label: 'Balanslar' },
  { to: paths.admin.settings, label: 'Sozlamalar' },
] as const;

export function AdminLayout() {
  return (
    <div>
      <PageHeader title="Boshqaruv" className="mb-4" />
      <Tabs items={ADMIN_TABS} label="Admin sections" />
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
