import { ClipboardList, Tags } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { buttonClasses } from '../../../components/ui/Button.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';

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
      <PageHeader
        title={t('catalog.title')}
        className="mb-4"
        actions={
          <>
            <HeaderLink
              to={paths.catalog.recipes}
              icon={<ClipboardList aria-hidden="true" className="h-4 w-4" />}
            >
              {t('catalog.recipes.title')}
            </HeaderLink>
            <HeaderLink to={paths.catalog.priceTypes} icon={<Tags aria-hidden="true" className="h-4 w-4" />}>
              {t('catalog.priceTypes.title')}
            </HeaderLink>
          </>
        }
      />
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

/**
 * The price types (DESIGN.md section 19) and the recipes (section 21) are reached from the
 * catalogue's header, on every one of its pages, and not as more tabs: spec.md section 2 fixes the
 * header tabs (five, in this order, with these labels), and its tests read exactly those.
 */
function HeaderLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        // A ring, not a second border or background: the button's own classes would win over those.
        cn(buttonClasses('secondary', 'md'), isActive && 'ring-2 ring-brand-600/40')
      }
    >
      {icon}
      {children}
    </NavLink>
  );
}
