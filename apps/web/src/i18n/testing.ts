import { IntlMessageFormat } from 'intl-messageformat';
import { setDateLanguage } from '../lib/format.ts';
import type { MessageKey } from './catalogue.ts';
import boot from './messages/uz/boot.ts';
import rest from './messages/uz/rest.ts';
import { monthNames } from './month-names.ts';

const uz: Record<string, string> = { ...boot, ...rest };

/**
 * For unit tests of code that returns message keys: the Uzbek text of a key, as the app shows it
 * (the uz catalogue holds spec.md's texts).
 */
export function uzText(key: MessageKey, values?: Record<string, string | number>): string {
  const message = uz[key];
  if (message === undefined) throw new Error(`No uz message for ${key}`);
  return String(new IntlMessageFormat(message, 'uz').format(values));
}

/** Dates as the app writes them in Uzbek (I18nProvider does this for the app): call in a beforeAll. */
export function applyUzbekDates(): void {
  setDateLanguage('uz', monthNames(uz));
}
