import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A scrolling, bordered table. Compose with THead/TBody/TR/TH/TD.
 *
 * On a phone (DESIGN.md section 16: no figure is cut on a 375 px screen) a table wider than the
 * screen scrolls inside its box with its first column fixed (sticky), rather than turning into
 * cards: every table keeps its columns, headers and totals lined up, the row's name stays in view
 * beside whichever figures the reader scrolls to, and no page has to describe its cells twice.
 * The rules are `.data-table` in index.css; a totals label that spans several columns is not fixed
 * (it would cover the figures under it) and shows its amount itself on a phone (TFoot).
 */
export function Table({
  children,
  className,
  caption,
}: {
  children: ReactNode;
  className?: string;
  /** A caption for screen readers (visually hidden). */
  caption?: string;
}) {
  return (
    // relative: a visually hidden (absolutely placed) header text stays inside the scrolling box
    // instead of widening the page.
    <div
      className={cn(
        'data-table relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs',
        className,
      )}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return <thead className="bg-slate-50">{children}</thead>;
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100">{children}</tbody>;
}

/** A summary row (totals) under the body; its cells are TDs. */
export function TFoot({ children }: { children: ReactNode }) {
  return (
    <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold [&_td]:text-slate-900">
      {children}
    </tfoot>
  );
}

export function TR({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('transition-colors hover:bg-slate-50/70', className)} {...rest} />;
}

export type SortDirection = 'asc' | 'desc';

export interface THProps extends ThHTMLAttributes<HTMLTableCellElement> {
  align?: 'left' | 'right' | 'center';
  /** Makes the header a sort button; `sorted` is this column's current direction, if any. */
  onSort?: () => void;
  sorted?: SortDirection | null;
}

export function TH({ align = 'left', onSort, sorted, className, children, ...rest }: THProps) {
  const alignClass = align === 'right' ? 'text-right' : align === 'center' ? 'text-center' : 'text-left';
  const SortIcon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <th
      scope="col"
      aria-sort={
        onSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined
      }
      className={cn(
        'px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase',
        alignClass,
        className,
      )}
      {...rest}
    >
      {onSort ? (
        <button
          type="button"
          onClick={onSort}
          className={cn(
            'inline-flex items-center gap-1 rounded align-middle uppercase hover:text-slate-900',
            align === 'right' && 'flex-row-reverse',
          )}
        >
          {children}
          <SortIcon
            aria-hidden="true"
            className={cn('h-3.5 w-3.5', sorted ? 'text-brand-700' : 'text-slate-400')}
          />
        </button>
      ) : (
        children
      )}
    </th>
  );
}

export interface TDProps extends TdHTMLAttributes<HTMLTableCellElement> {
  align?: 'left' | 'right' | 'center';
  /** Tabular figures for numbers. */
  numeric?: boolean;
}

export function TD({ align, numeric = false, className, ...rest }: TDProps) {
  const resolved = align ?? (numeric ? 'right' : 'left');
  return (
    <td
      className={cn(
        'px-4 py-3 whitespace-nowrap text-slate-700',
        resolved === 'right' ? 'text-right' : resolved === 'center' ? 'text-center' : 'text-left',
        numeric && 'tabular-nums',
        className,
      )}
      {...rest}
    />
  );
}

/** One full-width row for the empty, loading or error state of a table body. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-left text-sm text-slate-500 sm:text-center">
        {/* On phones left and no wider than the screen: a table wider than the screen would
            otherwise cut the message off. */}
        <div className="max-w-[calc(100vw-5rem)] sm:max-w-none">{children}</div>
      </td>
    </tr>
  );
}
