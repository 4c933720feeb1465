import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';

export interface FigureCardProps {
  title: string;
  icon: LucideIcon;
  /** The main figure, already formatted. */
  value: ReactNode;
  /** A unit after the figure, smaller ("UZS"). */
  unit?: string;
  /** Where the figure comes from: the report behind it (DESIGN.md section 11). */
  to: string;
  /** The link's words, e.g. "Pul oqimi hisoboti". */
  linkLabel: string;
  children?: ReactNode;
  testId?: string;
  tone?: 'brand' | 'emerald' | 'amber' | 'violet';
}

const tones = {
  brand: 'bg-brand-50 text-brand-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  amber: 'bg-amber-50 text-amber-700',
  violet: 'bg-violet-50 text-violet-700',
} as const;

/** One figure of the dashboard, with the link to the report behind it. */
export function FigureCard({
  title,
  icon: Icon,
  value,
  unit,
  to,
  linkLabel,
  children,
  testId,
  tone = 'brand',
}: FigureCardProps) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-xs"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-500">{title}</h2>
        <span className={cn('flex h-8 w-8 items-center justify-center rounded-lg', tones[tone])}>
          <Icon aria-hidden="true" className="h-4 w-4" />
        </span>
      </div>
      <p className="mt-2 text-2xl font-semibold tracking-tight break-words text-slate-900 tabular-nums">
        {value}
        {unit ? <span className="ml-1 text-sm font-medium text-slate-500">{unit}</span> : null}
      </p>
      {children ? (
        <div className="mt-3 flex-1 text-sm text-slate-600">{children}</div>
      ) : (
        <div className="flex-1" />
      )}
      <Link
        to={to}
        className="mt-4 inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
      >
        {linkLabel}
        <ArrowRight aria-hidden="true" className="h-3.5 w-3.5" />
      </Link>
    </section>
  );
}

/** A label and an amount on one line, for a card's details. */
export function FigureLine({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-0.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-800 tabular-nums">{children}</dd>
    </div>
  );
}
