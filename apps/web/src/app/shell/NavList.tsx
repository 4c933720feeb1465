import { NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';
import type { NavItem } from './nav-items.ts';

export interface NavListProps {
  items: readonly NavItem[];
  label: string;
  collapsed?: boolean;
  onNavigate?: () => void;
}

/**
 * The menu links. The label stays in the DOM when collapsed (visually hidden), so every link keeps
 * its accessible name.
 */
export function NavList({ items, label, collapsed = false, onNavigate }: NavListProps) {
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {items.map(({ to, label: text, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/'}
              onClick={onNavigate}
              title={collapsed ? text : undefined}
              className={({ isActive }) =>
                cn(
                  'group flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
                  collapsed ? 'justify-center px-0' : 'px-3',
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
          </li>
        ))}
      </ul>
    </nav>
  );
}
