import { LogoMark } from '../../components/ui/LogoMark.tsx';
import { useT } from '../../i18n/useT.ts';
import { cn } from '../../lib/cn.ts';

/** The product mark and name. */
export function Brand({
  collapsed = false,
  tone = 'dark',
}: {
  collapsed?: boolean;
  tone?: 'dark' | 'light';
}) {
  const t = useT();
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <LogoMark />
      <span
        className={cn(
          'truncate text-[15px] font-semibold tracking-tight',
          tone === 'dark' ? 'text-white' : 'text-slate-900',
          collapsed && 'sr-only',
        )}
      >
        {t('common.brand.name')}
      </span>
    </span>
  );
}
