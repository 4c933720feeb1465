import { useState } from 'react';
import type { FieldValues, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail } from '../../../lib/api-client.ts';
import { firstErrorMessage } from '../../../lib/form-errors.ts';

// What the new-money and new-product offer forms share (spec.md section 5): the other
// department, the reason, the one error area, the buttons, and the submit.

/**
 * The form's submit: save, reset, then onDone; a refusal shows the server's detail, else the
 * form's own text (spec.md section 8 "Offer creation"). `end` is what OfferFormEnd shows: that
 * message or the first field's, and whether the save runs.
 */
export function useOfferSubmit<V extends FieldValues, B>(
  form: UseFormReturn<V, unknown, B>,
  mutation: { mutateAsync: (body: B) => Promise<unknown>; isPending: boolean },
  failedKey: MessageKey,
  onDone: () => void,
) {
  const t = useT();
  const [message, setMessage] = useState<string | null>(null);
  const submit = form.handleSubmit(
    async (body) => {
      setMessage(null);
      try {
        await mutation.mutateAsync(body);
        form.reset();
        onDone();
      } catch (err) {
        setMessage(errorDetail(err) ?? t(failedKey));
      }
    },
    () => setMessage(null),
  );
  const end = { message: message ?? firstErrorMessage(form.formState.errors), pending: mutation.isPending };
  return { submit, end };
}

/** The department that sends (income) or receives (outcome), among the business's others. */
export function OtherDepartmentSelect({
  mode,
  others,
  field,
}: {
  mode: 'income' | 'outcome';
  others: readonly { id: number; code: string; first_name: string; last_name: string }[];
  field: UseFormRegisterReturn;
}) {
  const t = useT();
  return (
    <Select
      label={t(mode === 'income' ? 'offers.form.senderDepartment' : 'offers.form.receiverDepartment')}
      placeholder={t('offers.form.choose')}
      options={others.map((u) => ({
        value: u.id,
        label: `${u.code} — ${u.first_name} ${u.last_name}`.trim(),
      }))}
      {...field}
    />
  );
}

/** The reason, the form's one error area, and cancel (when offered) and submit. */
export function OfferFormEnd({
  reason,
  message,
  pending,
  onCancel,
}: {
  reason: UseFormRegisterReturn;
  message: string | null;
  pending: boolean;
  onCancel?: (() => void) | undefined;
}) {
  const t = useT();
  return (
    <>
      <Input label={t('offers.field.reason')} placeholder={t('offers.form.reasonPlaceholder')} {...reason} />
      <ErrorMessage>{message}</ErrorMessage>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('offers.action.cancel')}
          </Button>
        ) : null}
        <Button type="submit" loading={pending}>
          {t('offers.action.submit')}
        </Button>
      </div>
    </>
  );
}
