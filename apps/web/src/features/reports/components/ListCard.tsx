import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card.tsx';

export interface ListCardProps {
  title: string;
  /** The report behind the card, if there is one. */
  link?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
}

/** A titled card of the dashboard (a chart or a list), with its report link in the corner. */
export function ListCard({ title, link, children, testId }: ListCardProps) {
  return (
    <Card className="flex min-w-0 flex-col p-5" data-testid={testId}>
      <section aria-label={title} className="flex min-w-0 flex-1 flex-col">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          {link ? (
            <Link
              to={link.to}
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
            >
              {link.label}
              <ArrowRight aria-hidden="true" className="h-3.5 w-3.5" />
            </Link>
          ) : null}
        </div>
        <div className="min-w-0 flex-1">{children}</div>
      </section>
    </Card>
  );
}

/** The quiet text of an empty list. */
export function QuietEmpty({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-sm text-slate-500">{children}</p>;
}
