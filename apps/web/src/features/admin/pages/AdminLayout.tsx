import { Outlet } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';

/** DESIGN.md section 9: the administrators' area and its sections. */
const ADMIN_TABS: readonly { to: string; label: MessageKey }[] = [
  { to: paths.admin.users, label: 'admin.tabs.users' },
  { to: paths.admin.currencies, label: 'admin.tabs.currencies' },
  { to: paths.admin.balances, label: 'admin.tabs.balances' },
  { to: paths.admin.settings, label: 'admin.tabs.settings' },
  { to: paths.admin.import, label: 'admin.tabs.import' },
];

export function AdminLayout() {
  const t = useT();
  return (
    <div>
      <PageHeader title={t('admin.layout.title')} className="mb-4" />
      <Tabs
        items={ADMIN_TABS.map((tab) => ({ to: tab.to, label: t(tab.label) }))}
        label={t('admin.tabs.label')}
      />
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
