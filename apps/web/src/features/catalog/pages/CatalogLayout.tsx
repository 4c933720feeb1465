import { Outlet } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';

/** spec.md section 2, Catalog: the header tabs, in this order, with these labels. */
const CATALOG_TABS: ReadonlyArray<{ to: string; label: MessageKey }> = [
  { to: paths.catalog.products, label: 'catalog.products.title' },
  { to: paths.catalog.unit, label: 'catalog.units.title' },
  { to: paths.catalog.size, label: 'catalog.sizes.title' },
  { to: paths.catalog.color, label: 'catalog.colors.title' },
  { to: paths.catalog.location, label: 'catalog.locations.title' },
];

export function CatalogLayout() {
  const t = useT();
  return (
    <div>
      <PageHeader title={t('catalog.title')} className="mb-4" />
      <Tabs
        items={CATALOG_TABS.map((tab) => ({ ...tab, label: t(tab.label) }))}
        label={t('catalog.tabs.label')}
      />
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
