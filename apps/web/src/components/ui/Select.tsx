import { ChevronDown } from 'lucide-react';
import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses, describedBy, Field } from './Field.tsx';

export interface SelectOption {
  value: string | number;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Options as data; or pass <option> children instead. */
  options?: SelectOption[];
  /** A first, empty option ("Tanlang...") with value ''. */
  placeholder?: string;
  className?: string;
  selectClassName?: string;
}

export function Select({
  ref,
  id,
  label,
  hint,
  error,
  options,
  placeholder,
  className,
  selectClassName,
  children,
  ...rest
}: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <Field id={selectId} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, hint, error)}
          className={cn(controlClasses, 'h-10 appearance-none pr-9', selectClassName)}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
      </div>
    </Field>
  );
}
