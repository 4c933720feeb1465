import { useId } from 'react';
import { NavLink } from 'react-router';
import { useT } from '../../i18n/useT.ts';
import { cn } from '../../lib/cn.ts';
import type { NavItem } from './nav-items.ts';

export interface NavListProps {
  items: readonly NavItem[];
  label: string;
  collapsed?: boolean;
  onNavigate?: () => void;
  /** A count to show on an entry, by its path (the chat's unread messages); 0 shows none. */
  badges?: Readonly<Record<string, number>>;
}

/**
 * The menu links. The label stays in the DOM when collapsed (visually hidden), so every link keeps
 * its accessible name. A count sits beside its link, not inside it (the link's name stays the
 * entry's label), and describes it for screen readers.
 */
export function NavList({ items, label, collapsed = false, onNavigate, badges }: NavListProps) {
  const t = useT();
  const idPrefix = useId();
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {items.map(({ to, label: key, icon: Icon }) => {
          const text = t(key);
          const count = badges?.[to] ?? 0;
          const badgeId = `${idPrefix}${to}`;
          return (
            <li key={to} className="relative">
              <NavLink
                to={to}
                end={to === '/'}
                onClick={onNavigate}
                title={collapsed ? text : undefined}
                aria-describedby={count > 0 ? badgeId : undefined}
                className={({ isActive }) =>
                  cn(
                    'group flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
                    collapsed ? 'justify-center px-0' : 'px-3',
                    count > 0 && !collapsed && 'pr-12',
                    isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon
                      aria-hidden="true"
                      className={cn(
                        'h-5 w-5 shrink-0',
                        isActive ? 'text-brand-300' : 'text-slate-400 group-hover:text-slate-200',
                      )}
                    />
                    <span className={cn(collapsed ? 'sr-only' : 'truncate')}>{text}</span>
                  </>
                )}
              </NavLink>
              {count > 0 ? (
                <span
                  id={badgeId}
                  data-testid={`nav-badge-${to}`}
                  className={cn(
                    'pointer-events-none absolute flex items-center justify-center rounded-full bg-brand-500 font-semibold text-white',
                    collapsed
                      ? 'top-0.5 right-2 h-4 min-w-4 px-1 text-[10px] ring-2 ring-slate-900'
                      : 'top-1/2 right-3 h-5 min-w-5 -translate-y-1/2 px-1.5 text-xs',
                  )}
                >
                  {count > 99 ? '99+' : count}
                  <span className="sr-only"> {t('common.nav.unread', { count })}</span>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
