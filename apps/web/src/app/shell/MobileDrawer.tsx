import type { WhoAmI } from '@app/shared';
import { useLayoutEffect, useRef } from 'react';
import { Backdrop } from '../../components/ui/Backdrop.tsx';
import { CloseButton } from '../../components/ui/CloseButton.tsx';
import { useRoleLabel } from '../../i18n/role-labels.ts';
import { useT } from '../../i18n/useT.ts';
import { WIDE_SCREEN } from '../../lib/use-wide-screen.ts';
import { Brand } from './Brand.tsx';
import { NavList } from './NavList.tsx';
import { mobileNavItems } from './nav-items.ts';

export interface MobileDrawerProps {
  id: string;
  user: WhoAmI;
  onClose: () => void;
  badges?: Readonly<Record<string, number>>;
}

/**
 * The slide-in menu below md: 85% of the viewport wide, at most 320px, with all ten entries and no
 * role filtering (spec.md section 2), and the administrators' entry for an Owner or admin
 * (DESIGN.md section 9). Mounted only while open. Closes on Escape, on the backdrop,
 * on the × button and when a link is followed.
 */
export function MobileDrawer({ id, user, onClose, badges }: MobileDrawerProps) {
  const t = useT();
  const roleLabel = useRoleLabel();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Before the first paint: an Escape pressed as soon as the drawer shows closes it (an effect
  // runs after the paint, and a key pressed between was lost).
  useLayoutEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panelRef.current?.querySelector<HTMLElement>('a[aria-current="page"], a')?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onCloseRef.current();
    }
    document.addEventListener('keydown', onKeyDown);
    // Growing the window past md shows the sidebar instead: close, so the page scrolls again.
    const desktop = window.matchMedia(WIDE_SCREEN);
    function onMedia(event: MediaQueryListEvent) {
      if (event.matches) onCloseRef.current();
    }
    desktop.addEventListener('change', onMedia);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKeyDown);
      desktop.removeEventListener('change', onMedia);
    };
  }, []);

  return (
    <div className="fixed inset-0 z-40 md:hidden">
      <Backdrop testId="mobile-drawer-backdrop" dark onClose={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        id={id}
        data-testid="mobile-drawer"
        role="dialog"
        aria-modal="true"
        aria-label={t('common.shell.menu')}
        className="absolute inset-y-0 left-0 flex w-[85vw] max-w-[320px] flex-col bg-slate-900 text-slate-200 shadow-2xl motion-safe:animate-drawer-in"
      >
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-white/10 pr-2 pl-4">
          <Brand />
          <CloseButton look="dark" label={t('common.shell.closeMenu')} onClick={() => onCloseRef.current()} />
        </div>
        <NavList
          items={mobileNavItems(user)}
          label={t('common.nav.mobileMenu')}
          badges={badges}
          onNavigate={() => onCloseRef.current()}
        />
        <div className="shrink-0 border-t border-white/10 px-4 py-3">
          <p className="truncate text-sm font-medium text-white">{user.email}</p>
          <p className="truncate text-xs text-slate-400">{roleLabel(user.role)}</p>
        </div>
      </div>
    </div>
  );
}
