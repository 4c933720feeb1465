import { Outlet, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { scopeSearch } from '../report-params.ts';

/** /reports (DESIGN.md sections 11 and 12): the reports as tabs; the period and department go along. */
export function ReportsLayout() {
  const t = useT();
  const [params] = useSearchParams();
  const carried = scopeSearch(params);
  const tabs = [
    { to: `${paths.reports.sales}${carried}`, label: t('reports.sales.title') },
    { to: `${paths.reports.stockMovement}${carried}`, label: t('reports.stockMovement.title') },
    { to: `${paths.reports.cashFlow}${carried}`, label: t('reports.cashFlow.title') },
    // DESIGN.md section 12 (the debts feature's page): as of today, it reads only the department;
    // the period rides along so the other tabs get it back.
    { to: `${paths.reports.debtsAgeing}${carried}`, label: t('reports.layout.debtsAgeing') },
    { to: `${paths.reports.transitLosses}${carried}`, label: t('reports.transitLosses.title') },
    { to: `${paths.reports.production}${carried}`, label: t('reports.production.title') },
    // DESIGN.md section 22: shift differences, transit losses and stock-count variances together.
    { to: `${paths.reports.losses}${carried}`, label: t('reports.losses.title') },
  ];
  return (
    <div>
      <PageHeader title={t('reports.layout.title')} className="mb-4" />
      <Tabs items={tabs} label={t('reports.layout.title')} />
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
