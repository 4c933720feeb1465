import type { Role } from '@app/shared';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { useNotifications } from '../api/notifications.ts';
import { badgeText, unreadOf } from '../notification-rules.ts';
import { NotificationPanel } from './NotificationPanel.tsx';

export interface NotificationBellProps {
  role: Role | undefined;
  /** Where the bell sits: a light top bar on both layouts. */
  className?: string;
}

/**
 * The bell (DESIGN.md section 13): the unread count on it, and a panel of the latest
 * notifications under it. The panel is a non-modal dialog: Escape or a click outside closes it,
 * and the focus goes back to the bell.
 */
export function NotificationBell({ role, className }: NotificationBellProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const query = useNotifications();
  const unread = unreadOf(query.data);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      // A modal opened above the panel closes first.
      if (document.querySelector('[aria-modal="true"]')) return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={cn(
          'relative rounded-md p-2 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900',
          open && 'bg-slate-100 text-slate-900',
        )}
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {/* Named by its content, "Bildirishnomalar 4 ta o'qilmagan": a name that contains the count
            it shows (WCAG 2.5.3, Lighthouse's label-content-name-mismatch). */}
        <span className="sr-only">{t('notifications.title')} </span>
        {unread > 0 ? (
          <span
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white"
          >
            {badgeText(unread)}
            <span className="sr-only">{t('notifications.bell.unread', { count: unread })}</span>
          </span>
        ) : null}
      </button>
      {open ? (
        <NotificationPanel
          id={panelId}
          role={role}
          query={query}
          unread={unread}
          onClose={(restoreFocus) => {
            setOpen(false);
            if (restoreFocus) buttonRef.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
