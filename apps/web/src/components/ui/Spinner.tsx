import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT.ts';
import { cn } from '../../lib/cn.ts';

const spinnerSizes = { sm: 'h-4 w-4', md: 'h-5 w-5', lg: 'h-8 w-8' } as const;

/** A decorative spinner; pair it with text (LoadingText) so screen readers hear something. */
export function Spinner({
  size = 'md',
  className,
}: {
  size?: keyof typeof spinnerSizes;
  className?: string;
}) {
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn('shrink-0 motion-safe:animate-spin', spinnerSizes[size], className)}
    />
  );
}

export interface LoadingTextProps {
  children?: ReactNode;
  className?: string;
  /** Centre it in a full-height area (page-level loading). */
  fullPage?: boolean;
}

/** The default text of LoadingText, from the catalogue (BootScreen passes its own: it shows before any). */
function DefaultLoadingLabel() {
  const t = useT();
  return <>{t('common.loading')}</>;
}

/** A spinner with its text, announced politely: <LoadingText>{t('….loading')}</LoadingText>. */
export function LoadingText({ children, className, fullPage = false }: LoadingTextProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex items-center gap-2 text-sm text-slate-500',
        fullPage && 'min-h-[50vh] justify-center',
        className,
      )}
    >
      <Spinner size="sm" />
      <span>{children === undefined ? <DefaultLoadingLabel /> : children}</span>
    </div>
  );
}
