import { REASON_MAX, REASON_MIN, REASON_PREVIEW_LENGTH } from './constants.ts';

/** spec.md section 9: reasons are 8 to 500 characters (after trimming). */
export function isValidReason(text: string): boolean {
  const length = text.trim().length;
  return length >= REASON_MIN && length <= REASON_MAX;
}

/** spec.md section 2: a reason in a table is cut at 8 characters plus an ellipsis. */
export function previewReason(text: string | null | undefined): string {
  if (!text) return '';
  return text.length > REASON_PREVIEW_LENGTH ? `${text.slice(0, REASON_PREVIEW_LENGTH)}...` : text;
}
