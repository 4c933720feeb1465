import { Outlet, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { scopeSearch } from '../report-params.ts';

/** /reports (DESIGN.md section 11): the three reports as tabs; the period and department go along. */
export function ReportsLayout() {
  const [params] = useSearchParams();
  const carried = scopeSearch(params);
  const tabs = [
    { to: `${paths.reports.sales}${carried}`, label: 'Sotuvlar' },
    { to: `${paths.reports.stockMovement}${carried}`, label: 'Ombor harakati' },
    { to: `${paths.reports.cashFlow}${carried}`, label: 'Pul oqimi' },
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
