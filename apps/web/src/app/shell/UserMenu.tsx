import type { WhoAmI } from '@app/shared';
import { ChevronsUpDown, LogOut, type LucideIcon, User } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useRoleLabel } from '../../i18n/role-labels.ts';
import { useT } from '../../i18n/useT.ts';
import { cn } from '../../lib/cn.ts';
import { initialsFromEmail } from '../../lib/format.ts';
import { LanguageSwitcher } from '../LanguageSwitcher.tsx';

export interface UserMenuProps {
  user: WhoAmI;
  /** 'sidebar': e-mail and role on a dark background, opens upwards; 'topbar': avatar only, opens down. */
  placement: 'sidebar' | 'topbar';
  collapsed?: boolean;
}

/**
 * The menu's open state: it closes on a pointer down outside it or on Escape (then the button
 * takes the focus back), and its first item takes the focus when it opens.
 */
function useMenuState() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  return { open, setOpen, rootRef, buttonRef };
}

/**
 * The user menu of spec.md section 2: Profile (/profile) and Logout (/logout), with the language
 * switcher between them (DESIGN.md section 14).
 */
export function UserMenu({ user, placement, collapsed = false }: UserMenuProps) {
  const t = useT();
  const roleLabel = useRoleLabel();
  const { open, setOpen, rootRef, buttonRef } = useMenuState();
  const menuId = useId();
  const initials = initialsFromEmail(user.email);
  const inSidebar = placement === 'sidebar';

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={`user-menu-button-${placement}`}
        onClick={() => setOpen((value) => !value)}
        title={collapsed ? user.email : undefined}
        className={cn(
          'flex items-center gap-3 rounded-lg text-left transition-colors',
          inSidebar
            ? cn('w-full p-2 text-slate-200 hover:bg-white/5', collapsed && 'justify-center')
            : 'p-1 hover:bg-slate-100',
        )}
      >
        {/* The button's name is what it shows (initials, e-mail, role) after what it is for: a name
            that contains the visible words (WCAG 2.5.3, Lighthouse's label-content-name-mismatch). */}
        <span className="sr-only">{t('common.userMenu.label')}: </span>
        <span
          className={cn(
            'flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
            inSidebar ? 'bg-slate-700 text-white' : 'bg-brand-100 text-brand-800',
          )}
        >
          {initials}
        </span>
        {inSidebar ? (
          <>
            <span className={cn('min-w-0 flex-1', collapsed && 'sr-only')}>
              <span className="block truncate text-sm font-medium text-white" data-testid="sidebar-email">
                {user.email}
              </span>
              <span className="block truncate text-xs text-slate-400">{roleLabel(user.role)}</span>
            </span>
            {collapsed ? null : (
              <ChevronsUpDown aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
            )}
          </>
        ) : null}
      </button>
      {open ? (
        <UserMenuItems
          id={menuId}
          user={user}
          placement={placement}
          collapsed={collapsed}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

/** The open menu: who is signed in, Profile, the languages, Logout. */
function UserMenuItems({
  id,
  user,
  placement,
  collapsed,
  onClose,
}: UserMenuProps & { id: string; onClose: () => void }) {
  const t = useT();
  const roleLabel = useRoleLabel();
  const inSidebar = placement === 'sidebar';
  return (
    <div
      id={id}
      role="menu"
      aria-label={t('common.userMenu.label')}
      className={cn(
        'absolute z-50 w-60 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 text-slate-700 shadow-lg motion-safe:animate-pop-in',
        inSidebar
          ? collapsed
            ? 'bottom-0 left-full ml-2'
            : 'bottom-full left-0 mb-2'
          : 'top-full right-0 mt-2',
      )}
    >
      <div className="border-b border-slate-100 px-4 py-3">
        <p className="truncate text-sm font-medium text-slate-900">{user.email}</p>
        <p className="truncate text-xs text-slate-500">{roleLabel(user.role)}</p>
      </div>
      <MenuLink to={paths.profile} icon={User} label={t('common.userMenu.profile')} onClick={onClose} />
      <LanguageSwitcher tone="light" className="justify-between border-y border-slate-100 px-4 py-2" />
      <MenuLink to={paths.logout} icon={LogOut} label={t('common.userMenu.logout')} onClick={onClose} />
    </div>
  );
}

/** One of the menu's links (the profile, the logout); following it closes the menu. */
function MenuLink({
  to,
  icon: Icon,
  label,
  onClick,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  onClick: () => void;
}) {
  return (
    <Link
      role="menuitem"
      to={to}
      onClick={onClick}
      className="flex items-center gap-2 px-4 py-2 text-sm hover:bg-slate-50 focus:bg-slate-50 focus:outline-none"
    >
      <Icon aria-hidden="true" className="h-4 w-4 text-slate-400" />
      {label}
    </Link>
  );
}
