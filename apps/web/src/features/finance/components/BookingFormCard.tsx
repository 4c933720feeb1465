import type { LucideIcon } from 'lucide-react';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { firstErrorMessage } from '../../../lib/form-errors.ts';

/**
 * The Balances page's forms (the exchange, the external transaction) book with one submit: a
 * refused or failed save shows its message in the form's one error area (`failed` when the server
 * said nothing), a booked one shows what was booked and empties the `cleared` fields.
 */
export function useBookingSubmit<Values extends FieldValues, Output, Booked>(
  form: UseFormReturn<Values, unknown, Output>,
  book: (body: Output) => Promise<Booked>,
  failed: string,
  cleared: Partial<Values>,
) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Booked | null>(null);
  function clear() {
    setDone(null);
    setError(null);
  }
  const submit = form.handleSubmit(async (body) => {
    clear();
    try {
      setDone(await book(body));
      form.reset({ ...form.getValues(), ...cleared });
    } catch (err) {
      setError(failureMessage(err, failed));
    }
  }, clear);
  return { submit, error: error ?? firstErrorMessage(form.formState.errors), done };
}

/** A booking form in its card: the titled heading, the fields, the error area, what was booked, the submit. */
export function BookingFormCard({
  icon: Icon,
  title,
  onSubmit,
  error,
  done,
  submitLabel,
  submitDisabled,
  pending,
  children,
}: {
  icon: LucideIcon;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null | undefined;
  done: ReactNode;
  submitLabel: string;
  submitDisabled?: boolean;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Icon aria-hidden="true" className="h-4 w-4 text-brand-700" />
        {title}
      </h2>
      <form onSubmit={onSubmit} noValidate aria-label={title} className="mt-4 space-y-4">
        {children}
        <ErrorMessage>{error}</ErrorMessage>
        {done}
        <Button type="submit" disabled={submitDisabled} loading={pending} className="w-full sm:w-auto">
          {submitLabel}
        </Button>
      </form>
    </Card>
  );
}
