import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
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
          {...rest}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        ) : null}
      </div>
    </Field>
  );
}
