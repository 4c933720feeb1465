import { CircleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface ErrorMessageProps {
  children?: ReactNode;
  className?: string;
  /** An optional action under the text, e.g. a retry button. */
  action?: ReactNode;
}

/** An error area (role="alert"); renders nothing when there is no message. */
export function ErrorMessage({ children, className, action }: ErrorMessageProps) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800',
        className,
      )}
    >
      <CircleExclamationPoint aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p>{children}</p>
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
    </div>
  );
}

/** The success counterpart (role="status"). */
export function SuccessMessage({ children, className }: { children?: ReactNode; className?: string }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div
      role="status"
      className={cn(
        'rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800',
        className,
      )}
    >
      {children}
    </div>
  );
}
