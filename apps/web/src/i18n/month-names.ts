import { TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageKey, Messages } from './catalogue.ts';

// The short month names dates are written with (lib/format.ts, DESIGN.md section 16), January
// first: each language's catalogue holds them, since Intl has none for Uzbek in Chromium.
export const MONTH_KEYS = [
  'common.month.jan',
  'common.month.feb',
  'common.month.mar',
  'common.month.apr',
  'common.month.may',
  'common.month.jun',
  'common.month.jul',
  'common.month.aug',
  'common.month.sep',
  'common.month.oct',
  'common.month.nov',
  'common.month.dec',
] as const satisfies readonly MessageKey[];

/** A catalogue's 12 short month names (plain texts, or in the build their one literal element). */
export function monthNames(messages: Readonly<Messages>): string[] {
  return MONTH_KEYS.map((key) => {
    const message = messages[key];
    if (message === undefined) return key;
    if (typeof message === 'string') return message;
    return message.map((element) => (element.type === TYPE.literal ? element.value : '')).join('');
  });
}
