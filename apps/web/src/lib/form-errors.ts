import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { MessageKey } from '../i18n/catalogue.ts';
import { failureMessage, fieldErrors } from './api-client.ts';

/**
 * The first message among a form's field errors, in the order the shared schema reported them
 * (its fields' order). The money, offer and stock forms show one text in one error area
 * (spec.md sections 5 and 8), not a text per field.
 */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>): string | null {
  return findMessage(errors);
}

function findMessage(node: unknown): string | null {
  if (!node || typeof node !== 'object') return null;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(node)) {
    // ref is the input element the error belongs to, not a nested error.
    if (key === 'ref') continue;
    const found = findMessage(value);
    if (found) return found;
  }
  return null;
}

/**
 * The forms' text for a refused save with nothing better to say, as a catalogue key:
 * `applyServerErrors(form.setError, err, t(SAVE_FAILED_KEY))`.
 */
export const SAVE_FAILED_KEY: MessageKey = 'common.form.saveFailed';

/**
 * A refused save: the server's field errors go under their fields (form.setError); anything
 * else comes back as one line for the form's error area, the fallback (a text in the chosen
 * language, usually `t(SAVE_FAILED_KEY)`) when the server said nothing.
 */
export function applyServerErrors(
  setError: (name: never, error: { message: string }) => void,
  err: unknown,
  fallback: string,
): string | null {
  const fields = fieldErrors(err);
  for (const [name, message] of Object.entries(fields)) setError(name as never, { message });
  return Object.keys(fields).length ? null : failureMessage(err, fallback);
}
