import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses, describedBy, Field } from './Field.tsx';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  labelAside?: ReactNode;
  /** An element inside the right edge of the field, e.g. a show/hide button. */
  trailing?: ReactNode;
  /** Classes of the wrapper (the input itself takes inputClassName). */
  className?: string;
  inputClassName?: string;
}

/**
 * A decimal text input takes the decimal comma most of our languages write (ru 12,5; DESIGN.md
 * section 14) as the point the API reads: the comma becomes a point as it is typed, the caret kept.
 */
function withDecimalPoint(onChange: InputProps['onChange']) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    // A number input never holds a comma: the browser reads it in its own locale.
    if (input.type === 'text' && input.value.includes(',')) {
      const caret = input.selectionStart;
      input.value = input.value.replace(/,/g, '.');
      if (caret !== null) input.setSelectionRange(caret, caret);
    }
    onChange?.(event);
  };
}

/** A labelled text input; spread react-hook-form's register() into it. */
export function Input({
  ref,
  id,
  label,
  hint,
  error,
  labelAside,
  trailing,
  className,
  inputClassName,
  onChange,
  ...rest
}: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field id={inputId} label={label} hint={hint} error={error} labelAside={labelAside} className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, hint, error)}
          className={cn(controlClasses, 'h-10', trailing ? 'pr-11' : null, inputClassName)}
          onChange={rest.inputMode === 'decimal' ? withDecimalPoint(onChange) : onChange}
          {...rest}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        ) : null}
      </div>
    </Field>
  );
}
