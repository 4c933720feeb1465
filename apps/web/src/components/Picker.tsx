import { type FocusEvent, type InputHTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { cn } from '../lib/cn.ts';
import { CloseButton } from './ui/CloseButton.tsx';
import { controlClasses, Field } from './ui/Field.tsx';

/** The parts the searchable pickers share (counterparties, variants): DESIGN.md section 15. */

const DEBOUNCE_MS = 250;

/** Searches after a typing pause while `active`; a failed search gives an empty list and tells `onError`. */
export function useSearchAfterPause<T>(
  active: boolean,
  term: string,
  search: (text: string, signal: AbortSignal) => Promise<T[]>,
  onError?: (error: unknown) => void,
) {
  const [results, setResults] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      search(term, controller.signal)
        .then(setResults)
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          setResults([]);
          onError?.(err);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [active, term, search, onError]);
  return { results, setResults, loading };
}

/**
 * The picker's labelled field: the chosen option, with a button to clear it, while there is one
 * (`picked`); else the search (`children`).
 */
export function PickerField({
  inputId,
  label,
  error,
  className,
  testId,
  clearLabel,
  onClear,
  picked,
  children,
}: {
  inputId: string;
  label: string;
  error: string | undefined;
  className?: string | undefined;
  testId: string;
  clearLabel: string;
  onClear: () => void;
  picked: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field id={inputId} label={label} error={error} className={className}>
      {picked ? (
        <div
          className={cn(controlClasses, 'flex h-10 items-center justify-between gap-2')}
          data-testid={testId}
        >
          {picked}
          <CloseButton look="field" label={clearLabel} onClick={onClear} />
        </div>
      ) : (
        children
      )}
    </Field>
  );
}

/** The search box; it names the list below it (`<inputId>-list`) while that is shown. */
export function PickerSearchBox({
  inputId,
  invalid,
  listShown,
  onText,
  ...handlers
}: {
  inputId: string;
  invalid: boolean;
  /** Whether the list is on screen: aria-controls names only an element that exists. */
  listShown: boolean;
  onText: (text: string) => void;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'placeholder' | 'value' | 'onFocus' | 'onBlur' | 'onKeyDown'
>) {
  return (
    <input
      id={inputId}
      type="search"
      autoComplete="off"
      {...handlers}
      onChange={(e) => onText(e.target.value)}
      aria-invalid={invalid ? true : undefined}
      aria-controls={listShown ? `${inputId}-list` : undefined}
      className={cn(controlClasses, 'h-10')}
    />
  );
}

/**
 * The matches as buttons, or a loading line, or the no-results line (unless `showNoResults` is
 * off because `children` offer something instead); `children` follow the matches.
 */
export function PickerList<T extends { id: number }>({
  inputId,
  label,
  className,
  loading,
  results,
  showNoResults = true,
  onBlur,
  onChoose,
  renderOption,
  children,
}: {
  inputId: string;
  label: string;
  className?: string | false;
  loading: boolean;
  results: readonly T[] | null;
  showNoResults?: boolean;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onChoose: (option: T) => void;
  renderOption: (option: T) => ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <ul
      id={`${inputId}-list`}
      aria-label={label}
      className={cn(
        'max-h-60 overflow-y-auto rounded-lg border border-slate-200 bg-white text-sm shadow-sm',
        className,
      )}
    >
      {loading && results === null ? (
        <li className="px-3 py-2 text-slate-500">{t('common.picker.loading')}</li>
      ) : results?.length === 0 && showNoResults ? (
        <li className="px-3 py-2 text-slate-500">{t('common.picker.noResults')}</li>
      ) : (
        results?.map((option) => (
          <li key={option.id}>
            {/* The press keeps focus in the search box, so a list that closes on leaving stays for the click. */}
            <button
              type="button"
              onMouseDown={(e) => e.preventDefault()}
              onBlur={onBlur}
              onClick={() => onChoose(option)}
              className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left hover:bg-slate-50"
            >
              {renderOption(option)}
            </button>
          </li>
        ))
      )}
      {children}
    </ul>
  );
}
