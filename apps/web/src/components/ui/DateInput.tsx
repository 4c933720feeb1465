import { CalendarDays } from 'lucide-react';
import { type ReactNode, type Ref, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useLanguage } from '../../i18n/I18nProvider.tsx';
import { useT } from '../../i18n/useT.ts';
import { cn } from '../../lib/cn.ts';
import { datePattern, formatDateInput, parseDateInput } from '../../lib/date-input.ts';
import { controlClasses, describedBy, Field } from './Field.tsx';

/** What onChange and onBlur receive: the day as "YYYY-MM-DD" ('' for none), as an input's event. */
export interface DateInputEvent {
  target: { name: string; value: string };
  type: 'change' | 'blur';
}

/** What the ref holds: enough of an input for react-hook-form's register() to read and set it. */
export interface DateInputHandle {
  name: string;
  value: string;
  focus: () => void;
}

export interface DateInputProps {
  ref?: Ref<DateInputHandle>;
  id?: string;
  name?: string;
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  /** "YYYY-MM-DD" or ''; leave it out to use the field uncontrolled (react-hook-form). */
  value?: string;
  min?: string | number;
  max?: string | number;
  disabled?: boolean;
  required?: boolean;
  'data-testid'?: string;
  onChange?: (event: DateInputEvent) => unknown;
  onBlur?: (event: DateInputEvent) => unknown;
}

/**
 * A date field in the chosen language's order (DESIGN.md section 16: "date inputs show the
 * language's order"): it reads "27.11.2026" and takes a day typed that way, while its value stays
 * "YYYY-MM-DD". Chromium's own date input writes its locale's order (mm/dd/yyyy), whatever the
 * page's language. The calendar button opens the browser's picker for the same value. Use it as
 * Input: `value` + `onChange`, or spread react-hook-form's register() into it.
 */
export function DateInput({ ref, id, name = '', label, hint, error, className, ...rest }: DateInputProps) {
  const { value, min, max, disabled, required, onChange, onBlur } = rest;
  const { language } = useLanguage();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [inner, setInner] = useState('');
  const day = value ?? inner;
  const dayRef = useRef(day);
  dayRef.current = day;
  // While the field has the focus it shows what is typed; otherwise its day, as the language writes it.
  const [typed, setTyped] = useState<string | null>(null);
  const textRef = useRef<HTMLInputElement>(null);

  // One handle for the field's life: react-hook-form's register() keeps it as the field's element.
  const handle = useMemo<DateInputHandle>(
    () => ({
      name,
      get value() {
        return dayRef.current;
      },
      set value(next: string) {
        dayRef.current = next ?? '';
        setInner(next ?? '');
      },
      focus: () => textRef.current?.focus(),
    }),
    [name],
  );
  useImperativeHandle(ref, () => handle, [handle]);

  const emit = (next: string) => {
    if (next === dayRef.current) return;
    dayRef.current = next;
    if (value === undefined) setInner(next);
    onChange?.({ target: { name, value: next }, type: 'change' });
  };
  const invalid = typed !== null && typed.trim() !== '' && parseDateInput(typed) === null;

  return (
    <Field id={inputId} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          ref={textRef}
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={datePattern(language).placeholder}
          disabled={disabled}
          required={required}
          data-testid={rest['data-testid']}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={describedBy(inputId, hint, error)}
          className={cn(controlClasses, 'h-10 pr-10 tabular-nums')}
          value={typed ?? formatDateInput(day, language)}
          onFocus={() => setTyped(formatDateInput(dayRef.current, language))}
          onChange={(e) => {
            setTyped(e.target.value);
            const parsed = e.target.value.trim() === '' ? '' : parseDateInput(e.target.value);
            if (parsed !== null) emit(parsed);
          }}
          onBlur={() => {
            setTyped(null);
            onBlur?.({ target: { name, value: dayRef.current }, type: 'blur' });
          }}
        />
        <BrowserPicker day={day} min={min} max={max} disabled={disabled} onPick={emit} />
      </div>
    </Field>
  );
}

/** The browser's calendar for the same day, opened by a button; the text field shows what it picks. */
function BrowserPicker({
  day,
  min,
  max,
  disabled,
  onPick,
}: {
  day: string;
  min?: string | number;
  max?: string | number;
  disabled?: boolean;
  onPick: (day: string) => void;
}) {
  const t = useT();
  const pickerRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={pickerRef}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="pointer-events-none absolute right-0 bottom-0 h-px w-px opacity-0"
        value={day}
        min={min}
        max={max}
        disabled={disabled}
        onChange={(e) => onPick(e.target.value)}
      />
      <div className="absolute inset-y-0 right-0 flex items-center pr-1">
        <button
          type="button"
          disabled={disabled}
          aria-label={t('common.dateInput.calendar')}
          title={t('common.dateInput.calendar')}
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50"
          onClick={() => pickerRef.current?.showPicker?.()}
        >
          <CalendarDays aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </>
  );
}
