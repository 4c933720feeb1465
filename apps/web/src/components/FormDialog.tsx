import { type FormEventHandler, type ReactNode, useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { applyServerErrors, SAVE_FAILED_KEY } from '../lib/form-errors.ts';
import { Button } from './ui/Button.tsx';
import { ErrorMessage } from './ui/ErrorMessage.tsx';
import { Modal, type ModalProps } from './ui/Modal.tsx';

/**
 * One form in a dialog (DESIGN.md section 15, one piece of code where the logic is the same):
 * a Cancel and a submit button in the footer, the fields, then the form's error area.
 */
export function FormDialog({
  open = true,
  formId,
  formLabel,
  cancelLabel,
  submitLabel,
  pending,
  onSubmit,
  error,
  children,
  ...dialog
}: Pick<ModalProps, 'onClose' | 'title' | 'description'> & {
  open?: boolean;
  size?: 'sm' | 'md';
  /** The form's id, which the footer's submit button names. */
  formId: string;
  /** The form's accessible name, when it has one. */
  formLabel?: string | undefined;
  cancelLabel: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      {...dialog}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate aria-label={formLabel} className="space-y-4">
        {children}
        <ErrorMessage>{error}</ErrorMessage>
      </form>
    </Modal>
  );
}

/**
 * A form's save with its error area: `run` saves; a refusal puts the server's field errors under
 * their fields and anything else in `error` (the saved-failed text when the server said nothing).
 */
export function useSaveError(setFieldError: (name: never, error: { message: string }) => void) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  async function run(save: () => Promise<void>) {
    setError(null);
    try {
      await save();
    } catch (err) {
      setError(applyServerErrors(setFieldError, err, t(SAVE_FAILED_KEY)));
    }
  }
  return { error, setError, run };
}
