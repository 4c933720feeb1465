import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export const controlClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 transition-colors focus:border-brand-600 focus:outline-2 focus:outline-offset-0 ' +
  'focus:outline-brand-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:outline-red-500/30';

export interface FieldProps {
  id: string;
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Put the label next to a link, e.g. "Forgot password?". */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error, wired by ids (used by Input and Select). */
export function Field({ id, label, hint, error, labelAside, className, children }: FieldProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      {label || labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {label ? (
            <label htmlFor={id} className="block text-sm font-medium text-slate-700">
              {label}
            </label>
          ) : (
            <span />
          )}
          {labelAside}
        </div>
      ) : null}
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}
