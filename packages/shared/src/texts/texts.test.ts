import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../languages.ts';
import { extractTexts } from './extract.ts';
import { createTexts, fillTemplate, messageArguments, type TextCatalogue } from './translate.ts';

// The server's text catalogues (DESIGN.md section 14): each holds exactly the texts the code
// writes (extract.ts), every translation is valid ICU with the same arguments as its Uzbek
// template, and the translation reads a text back whatever its values.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../../..');
const TRANSLATED = LANGUAGES.filter((l): l is Exclude<Language, 'uz'> => l !== 'uz');
const catalogues = Object.fromEntries(
  TRANSLATED.map((l) => [l, JSON.parse(readFileSync(path.join(HERE, `${l}.json`), 'utf8')) as TextCatalogue]),
) as Record<Exclude<Language, 'uz'>, TextCatalogue>;

const templateArguments = (template: string) =>
  [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('the server texts', () => {
  const { found, unresolved } = extractTexts(ROOT);
  const written = [...new Set(found.map((f) => f.text))].sort();

  it('are all read from the code', () => {
    // An expression the extractor cannot follow would be a text no catalogue is checked for.
    expect(unresolved).toEqual([]);
    expect(written.length).toBeGreaterThan(150);
  });

  for (const language of TRANSLATED) {
    it(`have every text the code writes in ${language}, and no other`, () => {
      const keys = Object.keys(catalogues[language]).sort();
      expect(
        written.filter((t) => !keys.includes(t)),
        'missing',
      ).toEqual([]);
      expect(
        keys.filter((k) => !written.includes(k)),
        'unused',
      ).toEqual([]);
    });

    it(`are valid ICU in ${language}, with the Uzbek template's arguments, and render`, () => {
      const texts = createTexts({ [language]: catalogues[language] });
      for (const [template, message] of Object.entries(catalogues[language])) {
        const args = [...messageArguments(parse(message)).all].sort();
        expect(args, `${language}: ${template}`).toEqual(templateArguments(template));
        expect(message.trim(), template).not.toBe('');
        // Every argument a number (a count must be one): the message formats, every value in it.
        const values = Object.fromEntries(templateArguments(template).map((name) => [name, '7']));
        const rendered = texts.render(template, language, values);
        expect(rendered, template).not.toMatch(/[{}]/);
        expect(rendered, template).toBe(String(new IntlMessageFormat(message, language).format(values)));
      }
    });
  }
});

describe('translating a text', () => {
  const texts = createTexts({
    ru: {
      'Not found.': 'Не найдено.',
      'Kam qoldiq: {sku}': 'Мало на складе: {sku}',
      'Yangi xabar: {sent}': 'Новое сообщение: {sent}',
      'Yangi xabar: {sent} (taklif #{offer})': 'Новое сообщение: {sent} (предложение №{offer})',
      '{firstKey}: {firstMessages}': '{firstKey}: {firstMessages}',
      'Enter a positive amount.': 'Введите положительную сумму.',
      'Used by {n} product(s).': '{n, plural, one {# товаром} few {# товарами} other {# товара}}',
      'A {a} B {b} C {c} D {d} E': 'А {a} Б {b} В {c} Г {d} Д',
    },
  });

  it('leaves Uzbek as the code wrote it', () => {
    expect(texts.translate('Kam qoldiq: A-1', 'uz')).toBe('Kam qoldiq: A-1');
  });

  it('translates a text and a template with its values', () => {
    expect(texts.translate('Not found.', 'ru')).toBe('Не найдено.');
    expect(texts.translate('Kam qoldiq: KO‘YLAK-{1}', 'ru')).toBe('Мало на складе: KO‘YLAK-{1}');
  });

  it('prefers the most specific template', () => {
    expect(texts.translate('Yangi xabar: Ali (taklif #7)', 'ru')).toBe(
      'Новое сообщение: Ali (предложение №7)',
    );
    expect(texts.translate('Yangi xabar: Ali', 'ru')).toBe('Новое сообщение: Ali');
  });

  it('translates a value that is a text of its own, and plurals by the value', () => {
    expect(texts.translate('amount: Enter a positive amount.', 'ru')).toBe(
      'amount: Введите положительную сумму.',
    );
    expect(texts.translate('sku: Kam qoldiq: A', 'ru')).toBe('sku: Мало на складе: A');
    expect(texts.translate('x: Not found.; Kam qoldiq: B; own words', 'ru')).toBe(
      'x: Не найдено.; Мало на складе: B; own words',
    );
    expect(texts.translate('Used by 3 product(s).', 'ru')).toBe('3 товарами');
    expect(texts.translate('Used by 1 product(s).', 'ru')).toBe('1 товаром');
  });

  it('reads a text of several lines line by line, and leaves what it does not know', () => {
    expect(texts.translate('Not found.\nKam qoldiq: B\nnima?', 'ru')).toBe(
      'Не найдено.\nМало на складе: B\nnima?',
    );
    expect(texts.translate('a person’s own words', 'ru')).toBe('a person’s own words');
    expect(texts.translate('Not found.', 'en')).toBe('Not found.');
  });

  it('never fails and never stalls: a text shaped like a key, braces, a long text, words where a count goes', () => {
    expect(texts.translate('Used by {n} product(s).', 'ru')).toBe('Used by {n} product(s).');
    expect(texts.translate('Used by many product(s).', 'ru')).toBe('Used by many product(s).');
    expect(texts.translate('Ofis: Not found.', 'ru')).toBe('Ofis: Not found.');
    const long = `Kam qoldiq: ${'Kam qoldiq: a'.repeat(20_000)}`;
    // A pattern of several lazy groups backtracks for seconds on this one; the matcher is linear.
    const shaped = `A ${' B  C '.repeat(3000)}x E`;
    const started = performance.now();
    expect(texts.translate(long, 'ru')).toContain('Мало на складе: ');
    expect(texts.translate(shaped, 'ru')).toBe(shaped);
    expect(texts.translate('A 1 B 2 C 3 D 4 E', 'ru')).toBe('А 1 Б 2 В 3 Г 4 Д');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('renders a template with values for one reader', () => {
    expect(texts.render('Kam qoldiq: {sku}', 'ru', { sku: 'A' })).toBe('Мало на складе: A');
    expect(texts.render('Kam qoldiq: {sku}', 'uz', { sku: 'A' })).toBe('Kam qoldiq: A');
    expect(fillTemplate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
