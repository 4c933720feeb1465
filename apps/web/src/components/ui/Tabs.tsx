import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';

export interface TabItem {
  to: string;
  label: string;
  /** Active only on this exact path (for an index tab such as "all"). */
  end?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** The accessible name of the tab bar. */
  label: string;
  /** 'underline' for a section header, 'pills' for a secondary row. */
  variant?: 'underline' | 'pills';
  className?: string;
}

/**
 * Route tabs: each tab is a link; the active one carries aria-current="page". On a phone the row
 * scrolls sideways, and the active tab is scrolled into view, so the page says where it is.
 */
export function Tabs({ items, label, variant = 'underline', className }: TabsProps) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active tab changes with the route.
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = list.current;
    if (!active || !row || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = active.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label={label} className={cn(variant === 'underline' && 'border-b border-slate-200', className)}>
      <ul
        ref={list}
        className={cn('-mb-px flex gap-1 overflow-x-auto', variant === 'pills' && 'mb-0 flex-wrap gap-2')}
      >
        {items.map((item) => (
          <li key={item.to} className="shrink-0">
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                variant === 'underline'
                  ? cn(
                      'inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors',
                      isActive
                        ? 'border-brand-700 text-brand-700'
                        : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
                    )
                  : cn(
                      'inline-flex h-8 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors',
                      isActive
                        ? 'bg-slate-900 text-white'
                        : 'bg-white text-slate-600 ring-1 ring-slate-200 ring-inset hover:bg-slate-50 hover:text-slate-900',
                    )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
