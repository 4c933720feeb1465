import { searchFold } from '@app/shared';
import { type FocusEvent, useId, useRef, useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { cn } from '../lib/cn.ts';
import { PickerField, PickerList, PickerSearchBox, useSearchAfterPause } from './Picker.tsx';

/** What the picker shows of a counterparty; the features map their API's objects to it. */
export interface CounterpartyOption {
  id: number;
  name: string;
  /** A second, quieter line: the phone or the kind. */
  hint?: string | undefined;
  /** Its price type, which a sale to it is priced from (DESIGN.md section 19). */
  priceType?: number | null | undefined;
}

export interface CounterpartyPickerProps {
  label?: string;
  value: CounterpartyOption | null;
  onChange: (counterparty: CounterpartyOption | null) => void;
  /** The search call, given by the feature (features never import each other: STYLE.md). */
  search: (text: string, signal: AbortSignal) => Promise<CounterpartyOption[]>;
  /** A quick "+ yangi kontragent" with the typed name; left out, the picker only chooses. */
  create?: ((name: string) => Promise<CounterpartyOption>) | undefined;
  /** The list opens over what follows (a filter bar) instead of pushing it down (a form). */
  floating?: boolean;
  error?: string | undefined;
  id?: string;
  className?: string;
}

/**
 * A searchable counterparty choice (DESIGN.md section 12): the business's counterparties by name,
 * phone or STIR as one types (the first page on focus), and, when the feature allows it, a new one
 * named as typed.
 */
export function CounterpartyPicker({
  label: labelProp,
  value,
  onChange,
  search,
  create,
  floating = false,
  error,
  id,
  className,
}: CounterpartyPickerProps) {
  const t = useT();
  const label = labelProp ?? t('common.counterpartyPicker.label');
  const autoId = useId();
  const inputId = id ?? autoId;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const term = text.trim();
  const { results, setResults, loading } = useSearchAfterPause(open, term, search);

  function choose(option: CounterpartyOption) {
    onChange(option);
    setText('');
    setOpen(false);
    setResults(null);
  }
  const { creating, createError, setCreateError, addNew } = useQuickCreate(create, term, choose);
  const { wrapper, onBlur } = useCloseOnLeave(setOpen);

  return (
    <PickerField
      inputId={inputId}
      label={label}
      error={error ?? createError ?? undefined}
      className={className}
      testId="counterparty-selected"
      clearLabel={t('common.counterpartyPicker.clear')}
      onClear={() => onChange(null)}
      picked={
        value ? (
          <span className="min-w-0 truncate">
            {value.name}
            {value.hint ? <span className="ml-2 text-xs text-slate-500">{value.hint}</span> : null}
          </span>
        ) : null
      }
    >
      <div className="relative" ref={wrapper}>
        <SearchInput
          inputId={inputId}
          text={text}
          open={open}
          listShown={open && (results !== null || loading)}
          invalid={Boolean(error)}
          onOpen={setOpen}
          onBlur={onBlur}
          onText={(next) => {
            setText(next);
            setOpen(true);
            setCreateError(null);
          }}
        />
        {open && (results !== null || loading) ? (
          <ResultsList
            inputId={inputId}
            floating={floating}
            loading={loading}
            results={results}
            canCreate={create !== undefined}
            creating={creating}
            term={term}
            onBlur={onBlur}
            onChoose={choose}
            onCreate={() => void addNew()}
          />
        ) : null}
      </div>
    </PickerField>
  );
}

/** The matches (or loading, or none), and the quick "+ yangi kontragent" with the typed name. */
function ResultsList({
  inputId,
  floating,
  loading,
  results,
  canCreate,
  creating,
  term,
  onBlur,
  onChoose,
  onCreate,
}: {
  inputId: string;
  floating: boolean;
  loading: boolean;
  results: CounterpartyOption[] | null;
  canCreate: boolean;
  creating: boolean;
  term: string;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  onChoose: (option: CounterpartyOption) => void;
  onCreate: () => void;
}) {
  const t = useT();
  // The name typed is already there, in any case and with any Uzbek apostrophe (DESIGN.md section 14).
  const exact = results?.some((r) => searchFold(r.name.trim()) === searchFold(term)) ?? false;
  const offerCreate = canCreate && term !== '' && !exact && !loading;
  return (
    <PickerList
      inputId={inputId}
      label={t('common.counterpartyPicker.list')}
      className={cn('mt-1.5', floating && 'absolute inset-x-0 top-full z-30 shadow-lg')}
      loading={loading}
      results={results}
      showNoResults={!offerCreate}
      onBlur={onBlur}
      onChoose={onChoose}
      renderOption={(option) => (
        <>
          <span className="min-w-0 truncate">{option.name}</span>
          {option.hint ? <span className="shrink-0 text-xs text-slate-500">{option.hint}</span> : null}
        </>
      )}
    >
      {offerCreate ? (
        <li className="border-t border-slate-100">
          <button
            type="button"
            disabled={creating}
            onMouseDown={(e) => e.preventDefault()}
            onBlur={onBlur}
            onClick={onCreate}
            className="flex w-full items-center gap-2 px-3 py-2 text-left font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            <span className="min-w-0 truncate">{t('common.counterpartyPicker.create', { name: term })}</span>
          </button>
        </li>
      ) : null}
    </PickerList>
  );
}

/** The quick "+ yangi kontragent": creates one named as typed and chooses it. */
function useQuickCreate(
  create: CounterpartyPickerProps['create'],
  term: string,
  choose: (option: CounterpartyOption) => void,
) {
  const t = useT();
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  async function addNew() {
    if (!create || !term) return;
    setCreating(true);
    setCreateError(null);
    try {
      choose(await create(term));
    } catch (err) {
      setCreateError(
        err instanceof Error && err.message ? err.message : t('common.counterpartyPicker.createFailed'),
      );
    } finally {
      setCreating(false);
    }
  }
  return { creating, createError, setCreateError, addNew };
}

/** The search box; Escape closes the list, not the dialog around the picker. */
function SearchInput({
  inputId,
  text,
  open,
  listShown,
  invalid,
  onOpen,
  onBlur,
  onText,
}: {
  inputId: string;
  text: string;
  open: boolean;
  listShown: boolean;
  invalid: boolean;
  onOpen: (open: boolean) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  onText: (text: string) => void;
}) {
  const t = useT();
  return (
    <PickerSearchBox
      inputId={inputId}
      placeholder={t('common.counterpartyPicker.placeholder')}
      value={text}
      invalid={invalid}
      listShown={listShown}
      onText={onText}
      onFocus={() => onOpen(true)}
      onBlur={onBlur}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          // Close the list, not the dialog around the picker.
          e.stopPropagation();
          e.nativeEvent.stopImmediatePropagation();
          onOpen(false);
        }
      }}
    />
  );
}

/**
 * The list stays open while focus moves inside the picker (a click on its buttons keeps the
 * input focused; Tab moves onto them); it closes when focus leaves the picker.
 */
function useCloseOnLeave(setOpen: (open: boolean) => void) {
  const wrapper = useRef<HTMLDivElement>(null);
  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }
  return { wrapper, onBlur };
}
