import { Outlet, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { scopeSearch } from '../report-params.ts';

/** /reports (DESIGN.md sections 11 and 12): the reports as tabs; the period and department go along. */
export function ReportsLayout() {
  const [params] = useSearchParams();
  const carried = scopeSearch(params);
  const tabs = [
    { to: `${paths.reports.sales}${carried}`, label: 'Sotuvlar' },
    { to: `${paths.reports.stockMovement}${carried}`, label: 'Ombor harakati' },
    { to: `${paths.reports.cashFlow}${carried}`, label: 'Pul oqimi' },
    // DESIGN.md section 12 (the debts feature's page): as of today, it reads only the department;
    // the period rides along so the other tabs get it back.
    { to: `${paths.reports.debtsAgeing}${carried}`, label: 'Qarzlar muddati' },
  ];
  return (
    <div>
      <PageHeader title="Hisobotlar" className="mb-4" />
      <Tabs items={tabs} label="Hisobotlar" />
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
