import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageKey } from './catalogue.ts';
import uz from './messages/uz/index.ts';

/**
 * For unit tests of code that returns message keys: the Uzbek text of a key, as the app shows it
 * (the uz catalogue holds spec.md's texts).
 */
export function uzText(key: MessageKey, values?: Record<string, string | number>): string {
  const message = uz[key];
  if (message === undefined) throw new Error(`No uz message for ${key}`);
  return String(new IntlMessageFormat(message, 'uz').format(values));
}
