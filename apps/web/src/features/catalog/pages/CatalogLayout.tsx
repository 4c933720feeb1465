import { Outlet } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { paths } from '../../../config/paths.ts';

/** spec.md section 2, Catalog: the header tabs, in this order, with these labels. */
const CATALOG_TABS = [
  { to: paths.catalog.products, label: 'Mahsulotlar' },
  { to: paths.catalog.unit, label: "O'lchov birliglari" },
  { to: paths.catalog.size, label: 'Razmerlar' },
  { to: paths.catalog.color, label: 'Rang' },
  { to: paths.catalog.location, label: 'Manzillar' },
] as const;

export function CatalogLayout() {
  return (
    <div>
      <PageHeader title="Mahsulotlar ro'yxati" className="mb-4" />
      <Tabs items={CATALOG_TABS} label="Catalog sections" />
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
