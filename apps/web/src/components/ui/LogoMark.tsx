import { cn } from '../../lib/cn.ts';

/** The product mark: nested diamonds, after the ikat motif. Decorative; pair it with the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-600', className)}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none">
        <path d="M12 2.5 21.5 12 12 21.5 2.5 12z" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
        <path d="M12 8 16 12 12 16 8 12z" fill="#fff" />
      </svg>
    </span>
  );
}
