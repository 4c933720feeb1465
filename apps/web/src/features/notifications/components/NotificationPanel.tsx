import type { Notification, Role } from '@app/shared';
import { CheckCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadMore } from '../../../components/ui/LoadMore.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { formatRelativeTime } from '../../../lib/format.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-read.ts';
import { useMarkNotificationRead } from '../api/mark-read.ts';
import type { useNotifications } from '../api/notifications.ts';
import { notificationLink, notificationsOf } from '../notification-rules.ts';

export interface NotificationPanelProps {
  id: string;
  role: Role | undefined;
  query: ReturnType<typeof useNotifications>;
  unread: number;
  /** Closes the panel; `restoreFocus` when nothing else takes the focus (no page was opened). */
  onClose: (restoreFocus: boolean) => void;
}

/** The bell's panel: the latest notifications, unread ones marked, each opening what it is about. */
export function NotificationPanel({ id, role, query, unread, onClose }: NotificationPanelProps) {
  const t = useT();
  const panelRef = useRef<HTMLDivElement>(null);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = notificationsOf(query.data);

  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  function open(n: Notification) {
    if (n.read_at === null) markRead.mutate(n.id);
  }

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-label={t('notifications.title')}
      tabIndex={-1}
      className={cn(
        'z-50 flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-lg outline-none motion-safe:animate-pop-in',
        // A phone's top bar has the menu and the avatar beside the bell: the panel spans the screen.
        'fixed inset-x-2 top-14 max-h-[calc(100dvh-4.5rem)]',
        'md:absolute md:inset-x-auto md:top-full md:right-0 md:mt-2 md:max-h-[min(34rem,calc(100dvh-6rem))] md:w-96',
      )}
    >
      <div className="flex shrink-0 items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{t('notifications.title')}</h2>
        {unread > 0 ? (
          <span className="text-xs text-slate-500">{t('notifications.panel.unread', { count: unread })}</span>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {query.isPending ? (
          <LoadingText className="p-4">{t('notifications.loading')}</LoadingText>
        ) : query.isError ? (
          <ErrorMessage className="m-3">{t('notifications.loadFailed')}</ErrorMessage>
        ) : items.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-slate-500">{t('notifications.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((n) => (
              <li key={n.id}>
                <Item
                  notification={n}
                  link={notificationLink(n, role)}
                  onOpen={(followed) => {
                    open(n);
                    if (followed) onClose(false);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        <LoadMore query={query} className="p-2" />
      </div>
      <div className="flex shrink-0 justify-end border-t border-slate-200 bg-slate-50 px-4 py-2.5">
        <Button
          variant="link"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
          className="gap-1.5 text-xs"
          icon={<CheckCheck aria-hidden="true" className="h-4 w-4" />}
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
    </div>
  );
}

function Item({
  notification: n,
  link,
  onOpen,
}: {
  notification: Notification;
  link: string | null;
  onOpen: (followed: boolean) => void;
}) {
  const t = useT();
  const unread = n.read_at === null;
  const className = cn(
    'flex w-full gap-3 px-4 py-3 text-left transition-colors focus-visible:-outline-offset-2',
    unread ? 'bg-brand-50/70 hover:bg-brand-50' : 'hover:bg-slate-50',
  );
  const content = (
    <>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')}
      />
      <span className="min-w-0 flex-1">
        <span
          className={cn(
            'block text-sm text-slate-900 wrap-anywhere',
            unread ? 'font-semibold' : 'font-medium',
          )}
        >
          {unread ? <span className="sr-only">{t('notifications.unreadPrefix')}</span> : null}
          {n.title}
        </span>
        {n.body ? (
          <span className="mt-0.5 line-clamp-2 block whitespace-pre-line text-sm text-slate-600 wrap-anywhere">
            {n.body}
          </span>
        ) : null}
        <time dateTime={n.created_at} className="mt-1 block text-xs text-slate-400">
          {formatRelativeTime(n.created_at)}
        </time>
      </span>
    </>
  );
  if (link) {
    return (
      <Link to={link} onClick={() => onOpen(true)} className={className} data-testid={`notification-${n.id}`}>
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={() => onOpen(false)}
      className={className}
      data-testid={`notification-${n.id}`}
    >
      {content}
    </button>
  );
}
