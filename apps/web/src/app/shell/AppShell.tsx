import type { WhoAmI } from '@app/shared';
import { Menu } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { ErrorMessage } from '../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../components/ui/Spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useChatUnreadTotal } from '../../features/chat/api/conversations.ts';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';
import { useT } from '../../i18n/useT.ts';
import { useCurrentUser } from '../../lib/auth.ts';
import { readFlag, writeFlag } from '../../lib/storage.ts';
import { useWideScreen } from '../../lib/use-wide-screen.ts';
import { Brand } from './Brand.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';
import { SIDEBAR_COLLAPSED_KEY } from './nav-items.ts';
import { Sidebar } from './Sidebar.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * The shell of every protected page (spec.md section 2, App shell): 'Loading...' while the user
 * loads, then 'Failed to load user info' or the sidebar, the phone top bar and drawer, and the page.
 */
export function AppShell() {
  const t = useT();
  const user = useCurrentUser();
  const drawerId = useId();
  // The sidebar only where it shows: on a phone its menu would be drawn for nothing before the
  // page's first paint (DESIGN.md section 23).
  const wide = useWideScreen();
  const [collapsed, setCollapsed] = useState(() => readFlag(SIDEBAR_COLLAPSED_KEY));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // DESIGN.md section 13: the sidebar shows the chat's unread count.
  const chatUnread = useChatUnreadTotal();
  const badges = useMemo(() => ({ [paths.chat]: chatUnread }), [chatUnread]);

  function toggleCollapsed() {
    setCollapsed((value) => {
      writeFlag(SIDEBAR_COLLAPSED_KEY, !value);
      return !value;
    });
  }

  if (user.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <LoadingText>{t('common.loading')}</LoadingText>
      </div>
    );
  }
  if (user.isError) return <UserLoadFailed onRetry={() => void user.refetch()} />;

  return (
    <div className="flex min-h-dvh">
      {wide ? (
        <Sidebar user={user.data} collapsed={collapsed} onToggle={toggleCollapsed} badges={badges} />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <MobileTopBar
          user={user.data}
          drawerId={drawerId}
          drawerOpen={drawerOpen}
          onOpenDrawer={() => setDrawerOpen(true)}
          chatUnread={chatUnread}
        />
        <header
          data-testid="desktop-topbar"
          className="sticky top-0 z-30 hidden h-14 items-center justify-end gap-2 border-b border-slate-200 bg-white/95 px-8 backdrop-blur md:flex"
        >
          <NotificationBell role={user.data.role} />
        </header>
        <main className="flex-1 px-4 py-6 sm:px-6 md:px-8 md:py-8">
          <div className="mx-auto w-full max-w-7xl">
            <Outlet />
          </div>
        </main>
      </div>
      {drawerOpen ? (
        <MobileDrawer id={drawerId} user={user.data} onClose={closeDrawer} badges={badges} />
      ) : null}
    </div>
  );
}

/** 'Failed to load user info' (spec.md section 2), with a retry and a way out. */
function UserLoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh items-center justify-center p-4">
      <ErrorMessage
        className="w-full max-w-sm"
        action={
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={onRetry}>
              {t('common.shell.retry')}
            </Button>
            <Link to={paths.logout} className={buttonClasses('ghost', 'sm')}>
              {t('common.userMenu.logout')}
            </Link>
          </div>
        }
      >
        {t('common.shell.userLoadFailed')}
      </ErrorMessage>
    </div>
  );
}

/** The phone's top bar: the drawer's button (with a dot for unread chat), the brand, the bell, the user menu. */
function MobileTopBar({
  user,
  drawerId,
  drawerOpen,
  onOpenDrawer,
  chatUnread,
}: {
  user: WhoAmI;
  drawerId: string;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  chatUnread: number;
}) {
  const t = useT();
  return (
    <header
      data-testid="mobile-topbar"
      className="sticky top-0 z-30 flex h-14 items-center justify-between gap-2 border-b border-slate-200 bg-white/95 px-2 backdrop-blur md:hidden"
    >
      <div className="flex min-w-0 items-center gap-1">
        <button
          type="button"
          onClick={onOpenDrawer}
          aria-label={t('common.shell.openMenu')}
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100"
        >
          <Menu aria-hidden="true" className="h-6 w-6" />
          {chatUnread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1.5 right-1.5 h-2.5 w-2.5 rounded-full bg-brand-500 ring-2 ring-white"
            />
          ) : null}
        </button>
        <Link to={paths.home} className="min-w-0 rounded-md">
          <Brand tone="light" />
        </Link>
      </div>
      <div className="flex items-center gap-1">
        <NotificationBell role={user.role} />
        <UserMenu user={user} placement="topbar" />
      </div>
    </header>
  );
}
