import type { FieldErrors, FieldValues } from 'react-hook-form';
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

export const SAVE_FAILED = "Saqlab bo'lmadi. Qayta urinib ko'ring.";

/**
 * A refused save: the server's field errors go under their fields (form.setError); anything
 * else comes back as one line for the form's error area.
 */
export function applyServerErrors(
  setError: (name: never, error: { message: string }) => void,
  err: unknown,
  fallback = SAVE_FAILED,
): string | null {
  const fields = fieldErrors(err);
  for (const [name, message] of Object.entries(fields)) setError(name as never, { message });
  return Object.keys(fields).length ? null : failureMessage(err, fallback);
}
