import { LANGUAGES, TX_TYPES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/messages/en/finance.json';
import ru from '../../i18n/messages/ru/finance.json';
import uz from '../../i18n/messages/uz/finance.json';
import uzCyrl from '../../i18n/messages/uz-Cyrl/finance.json';
import { TX_TYPE_LABELS, TX_TYPE_SOURCES } from './tx-types.ts';

// The transactions page names every ledger type (DESIGN.md section 19: SALE and PURCHASE "in every
// list, filter, report and the cash flow"), each its own word in every language.

const CATALOGUES: Record<(typeof LANGUAGES)[number], Record<string, string>> = {
  uz,
  'uz-Cyrl': uzCyrl,
  ru,
  en,
};

describe('the ledger types on the transactions page', () => {
  it('has a word for every type in every catalogue, each its own', () => {
    for (const language of LANGUAGES) {
      const words = TX_TYPES.map((type) => CATALOGUES[language][TX_TYPE_LABELS[type]]);
      for (const [i, word] of words.entries())
        expect(word?.trim(), `${language} ${TX_TYPES[i]}`).toBeTruthy();
      expect(new Set(words).size, language).toBe(words.length);
    }
  });

  it("reads SALE and PURCHASE as the project words them, and keeps spec.md's EXCHANGE in Uzbek", () => {
    const words = (key: string) => LANGUAGES.map((language) => CATALOGUES[language][key]);
    expect(words(TX_TYPE_LABELS.SALE)).toEqual(['SOTUV', 'Сотув', 'Продажа', 'Sale']);
    expect(words(TX_TYPE_LABELS.PURCHASE)).toEqual(['XARID', 'Харид', 'Закупка', 'Purchase']);
    expect(CATALOGUES.uz[TX_TYPE_LABELS.EXCHANGE]).toBe('EXCHANGE');
  });

  it('explains a row that is not an offer: a debt payment, a sale, a purchase or a shift’s difference', () => {
    const explained = TX_TYPES.filter((type) => TX_TYPE_SOURCES[type] !== null);
    expect(explained).toEqual(['DEBT', 'SALE', 'PURCHASE', 'SHIFT_DIFF']);
    for (const type of explained)
      for (const language of LANGUAGES) {
        const source = TX_TYPE_SOURCES[type];
        expect(source && CATALOGUES[language][source.title], `${language} ${type}`).toBeTruthy();
      }
  });
});
