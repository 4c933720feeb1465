import type { WhoAmI } from '@app/shared';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useT } from '../../i18n/useT.ts';
import { cn } from '../../lib/cn.ts';
import { Brand } from './Brand.tsx';
import { NavList } from './NavList.tsx';
import { desktopNavItems } from './nav-items.ts';
import { UserMenu } from './UserMenu.tsx';

export interface SidebarProps {
  user: WhoAmI;
  collapsed: boolean;
  onToggle: () => void;
  badges?: Readonly<Record<string, number>>;
}

/** The desktop sidebar (md and up): role-filtered menu, the user's e-mail and menu, collapsible. */
export function Sidebar({ user, collapsed, onToggle, badges }: SidebarProps) {
  const t = useT();
  const toggleLabel = collapsed ? t('common.shell.expandSidebar') : t('common.shell.collapseSidebar');
  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      className={cn(
        'sticky top-0 hidden h-dvh shrink-0 flex-col bg-slate-900 text-slate-200 transition-[width] duration-200 md:flex',
        collapsed ? 'w-[72px]' : 'w-64',
      )}
    >
      <div
        className={cn(
          'flex h-16 shrink-0 items-center border-b border-white/10',
          collapsed ? 'justify-center px-2' : 'justify-between pr-3 pl-5',
        )}
      >
        {collapsed ? null : <Brand />}
        <button
          type="button"
          onClick={onToggle}
          aria-label={toggleLabel}
          aria-expanded={!collapsed}
          title={toggleLabel}
          className="rounded-md p-2 text-slate-400 transition-colors hover:bg-white/10 hover:text-white"
        >
          {collapsed ? (
            <PanelLeftOpen aria-hidden="true" className="h-5 w-5" />
          ) : (
            <PanelLeftClose aria-hidden="true" className="h-5 w-5" />
          )}
        </button>
      </div>
      <NavList
        items={desktopNavItems(user)}
        label={t('common.nav.mainMenu')}
        collapsed={collapsed}
        badges={badges}
      />
      <div className="shrink-0 border-t border-white/10 p-3">
        <UserMenu user={user} placement="sidebar" collapsed={collapsed} />
      </div>
    </aside>
  );
}
