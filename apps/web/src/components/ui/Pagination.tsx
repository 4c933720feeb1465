import { JUMP_TO_PAGE_ABOVE, PAGINATION_ALL_PAGES_UP_TO } from '@app/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../i18n/useT.ts';
import { cn } from '../../lib/cn.ts';
import { canGoToPage, pageWindow, parseJumpTarget } from './pagination.ts';

export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  totalPages: number;
  /** Called only with another page in 1..totalPages (out-of-range and current-page moves are ignored). */
  onPageChange: (page: number) => void;
  /** Disable every control, e.g. while the next page loads. */
  disabled?: boolean;
  className?: string;
}

const itemClasses =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-lg px-1.5 text-sm font-medium transition-colors sm:h-9 sm:min-w-9 sm:px-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Previous / Next, numbered pages (all when there are at most 7, else a window with ellipses), and
 * a 'Jump to page' box above 10 pages (spec.md sections 2 and 5).
 */
export function Pagination({ page, totalPages, onPageChange, disabled = false, className }: PaginationProps) {
  const t = useT();
  const [jump, setJump] = useState('');

  if (totalPages < 1) return null;

  function go(target: number) {
    if (!disabled && canGoToPage(target, page, totalPages)) onPageChange(target);
  }

  function onJump(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = parseJumpTarget(jump, page, totalPages);
    if (target !== null && !disabled) {
      onPageChange(target);
      setJump('');
    }
  }

  return (
    <nav
      aria-label={t('common.pagination.label')}
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      <div className="flex flex-wrap items-center gap-0.5 sm:gap-1">
        <button
          type="button"
          onClick={() => go(page - 1)}
          disabled={disabled || page <= 1}
          className={cn(itemClasses, 'gap-1 text-slate-700 hover:bg-slate-100 sm:pr-3')}
        >
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {/* Icon-only on phones; the name stays "Previous" for every reader. */}
          <span className="sr-only sm:not-sr-only">{t('common.pagination.previous')}</span>
        </button>
        <PageNumbers page={page} totalPages={totalPages} disabled={disabled} onGo={go} />
        <button
          type="button"
          onClick={() => go(page + 1)}
          disabled={disabled || page >= totalPages}
          className={cn(itemClasses, 'gap-1 text-slate-700 hover:bg-slate-100 sm:pl-3')}
        >
          <span className="sr-only sm:not-sr-only">{t('common.pagination.next')}</span>
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      {totalPages > JUMP_TO_PAGE_ABOVE ? (
        <JumpToPage
          jump={jump}
          onJumpChange={setJump}
          onSubmit={onJump}
          totalPages={totalPages}
          disabled={disabled}
        />
      ) : null}
    </nav>
  );
}

/** The numbered pages: all up to 7, else a window around the current one with ellipses. */
function PageNumbers({
  page,
  totalPages,
  disabled,
  onGo,
}: {
  page: number;
  totalPages: number;
  disabled: boolean;
  onGo: (target: number) => void;
}) {
  const t = useT();
  return (
    <>
      {pageWindow(page, totalPages, PAGINATION_ALL_PAGES_UP_TO).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            onClick={() => onGo(item)}
            disabled={disabled}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('common.pagination.page', { page: item })}
            className={cn(
              itemClasses,
              'tabular-nums',
              item === page
                ? 'bg-brand-700 text-white hover:bg-brand-700'
                : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {item}
          </button>
        ) : (
          <span
            key={item}
            aria-hidden="true"
            className="inline-flex h-9 w-6 items-end justify-center pb-2 text-slate-400"
          >
            …
          </span>
        ),
      )}
    </>
  );
}

/** 'Jump to page': a number and Go, with the page count beside it. */
function JumpToPage({
  jump,
  onJumpChange,
  onSubmit,
  totalPages,
  disabled,
}: {
  jump: string;
  onJumpChange: (jump: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  totalPages: number;
  disabled: boolean;
}) {
  const t = useT();
  const jumpId = useId();
  return (
    <form onSubmit={onSubmit} className="flex items-center gap-2">
      <label htmlFor={jumpId} className="text-sm text-slate-600">
        {t('common.pagination.jumpTo')}
      </label>
      <input
        id={jumpId}
        type="number"
        inputMode="numeric"
        min={1}
        max={totalPages}
        step={1}
        value={jump}
        disabled={disabled}
        onChange={(event) => onJumpChange(event.target.value)}
        className="h-9 w-20 rounded-lg border border-slate-300 bg-white px-2 text-sm tabular-nums focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
      />
      <button
        type="submit"
        disabled={disabled}
        className={cn(itemClasses, 'border border-slate-300 bg-white px-3 text-slate-700 hover:bg-slate-50')}
      >
        {t('common.pagination.go')}
      </button>
      <span className="whitespace-nowrap text-sm text-slate-500 tabular-nums">/ {totalPages}</span>
    </form>
  );
}
