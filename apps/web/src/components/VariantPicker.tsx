import { VARIANT_PICKER_MAX_RESULTS, VARIANT_PICKER_MIN_CHARS } from '@app/shared';
import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { cn } from '../lib/cn.ts';
import { controlClasses, Field } from './ui/Field.tsx';

/** What the picker shows of a variant; the features map their API's objects to it. */
export interface VariantOption {
  id: number;
  label: string;
  sku: string;
}

export interface VariantPickerProps {
  label?: string;
  value: VariantOption | null;
  onChange: (variant: VariantOption | null) => void;
  /** The search call, given by the feature (features never import each other: STYLE.md). */
  search: (text: string, signal: AbortSignal) => Promise<VariantOption[]>;
  /** Told when a search fails; the list is then empty (spec.md section 8). */
  onSearchError?: (error: unknown) => void;
  error?: string | undefined;
  id?: string;
}

const DEBOUNCE_MS = 250;

/**
 * The forms' variant search (spec.md sections 5 and 9): it starts at 2 characters, shows at most
 * 20 results, 'Hech narsa topilmadi' when there are none, and an empty list when the call fails.
 */
export function VariantPicker({
  label: labelProp,
  value,
  onChange,
  search,
  onSearchError,
  error,
  id,
}: VariantPickerProps) {
  const t = useT();
  const label = labelProp ?? t('common.variantPicker.label');
  const autoId = useId();
  const inputId = id ?? autoId;
  const [text, setText] = useState('');
  const term = text.trim();
  const { results, loading } = useVariantSearchAfterPause(term, search, onSearchError);

  if (value) {
    return (
      <SelectedVariant
        inputId={inputId}
        label={label}
        error={error}
        value={value}
        onClear={() => onChange(null)}
      />
    );
  }

  return (
    <Field id={inputId} label={label} error={error}>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        placeholder={t('common.variantPicker.placeholder', { min: VARIANT_PICKER_MIN_CHARS })}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-controls={`${inputId}-list`}
        className={cn(controlClasses, 'h-10')}
      />
      {results !== null || loading ? (
        <ul
          id={`${inputId}-list`}
          aria-label={t('common.variantPicker.list')}
          className="max-h-60 overflow-y-auto rounded-lg border border-slate-200 bg-white text-sm shadow-sm"
        >
          {loading && results === null ? (
            <li className="px-3 py-2 text-slate-500">{t('common.picker.loading')}</li>
          ) : results?.length === 0 ? (
            <li className="px-3 py-2 text-slate-500">{t('common.picker.noResults')}</li>
          ) : (
            results?.map((option) => (
              <li key={option.id}>
                <button
                  type="button"
                  onClick={() => {
                    onChange(option);
                    setText('');
                  }}
                  className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left hover:bg-slate-50"
                >
                  <span className="truncate">{option.label}</span>
                  <span className="shrink-0 font-mono text-xs text-slate-500">{option.sku}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </Field>
  );
}

/** Searches from 2 characters after a typing pause; at most 20 results, none when the call fails. */
function useVariantSearchAfterPause(
  term: string,
  search: VariantPickerProps['search'],
  onSearchError: VariantPickerProps['onSearchError'],
) {
  const [results, setResults] = useState<VariantOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (term.length < VARIANT_PICKER_MIN_CHARS) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      search(term, controller.signal)
        .then((found) => setResults(found.slice(0, VARIANT_PICKER_MAX_RESULTS)))
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          setResults([]);
          onSearchError?.(err);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, search, onSearchError]);
  return { results, loading };
}

/** The chosen variant, with a button to clear it. */
function SelectedVariant({
  inputId,
  label,
  error,
  value,
  onClear,
}: {
  inputId: string;
  label: string;
  error: string | undefined;
  value: VariantOption;
  onClear: () => void;
}) {
  const t = useT();
  return (
    <Field id={inputId} label={label} error={error}>
      <div
        className={cn(controlClasses, 'flex h-10 items-center justify-between gap-2')}
        data-testid="variant-selected"
      >
        <span className="truncate">
          {value.label} <span className="font-mono text-xs text-slate-500">{value.sku}</span>
        </span>
        <button
          type="button"
          aria-label={t('common.variantPicker.clear')}
          onClick={onClear}
          className="rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </Field>
  );
}
