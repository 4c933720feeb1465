import { IntlMessageFormat } from 'intl-messageformat';
import { setDateLanguage } from '../lib/format.ts';
import type { MessageKey } from './catalogue.ts';
import { monthNames } from './month-names.ts';

// Every uz namespace, as a signed-in page has them once all are loaded (catalogue.ts).
const uz: Record<string, string> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, string>>('./messages/uz/*.json', { eager: true, import: 'default' }),
  ),
);

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
