import { cn } from '../../lib/cn.ts';

/** The product mark and name. */
export function Brand({
  collapsed = false,
  tone = 'dark',
}: {
  collapsed?: boolean;
  tone?: 'dark' | 'light';
}) {
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <span
        aria-hidden="true"
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-sm font-bold text-white"
      >
        BO
      </span>
      <span
        className={cn(
          'truncate text-[15px] font-semibold tracking-tight',
          tone === 'dark' ? 'text-white' : 'text-slate-900',
          collapsed && 'sr-only',
        )}
      >
        Back Office
      </span>
    </span>
  );
}
