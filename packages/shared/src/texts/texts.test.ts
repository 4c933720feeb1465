import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../languages.ts';
import { decodeMessage, encodeMessage, msg } from './message.ts';
import { createRenderer, messageArguments, type TextCatalogue } from './render.ts';

// The server's message catalogues (DESIGN.md sections 14 and 15): one key set in all four
// languages (uz included), every key used by the code and every key the code uses in them, every
// message valid ICU with the same arguments in every language, and the server's namespaces apart
// from the web's (one key space).

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../../..');
const catalogues = Object.fromEntries(
  LANGUAGES.map((l) => [l, JSON.parse(readFileSync(path.join(HERE, `${l}.json`), 'utf8')) as TextCatalogue]),
) as Record<Language, TextCatalogue>;

/** The server's namespaces: a key's first part. */
const NAMESPACES = ['answers', 'audit', 'bot', 'email', 'errors', 'export', 'notice', 'reason', 'validation'];
const KEY = new RegExp(`['"]((?:${NAMESPACES.join('|')})\\.[\\w.]+)['"]`, 'g');

function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full, pattern);
    return pattern.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every key the code names: a string literal in a namespace of ours (TypeScript and SQL). */
function keysInCode(): Map<string, string> {
  const files = [
    ...sourceFiles(path.join(ROOT, 'packages/shared/src'), /\.ts$/),
    ...sourceFiles(path.join(ROOT, 'apps/server/src'), /\.(ts|sql)$/),
    ...sourceFiles(path.join(ROOT, 'apps/web/src'), /\.tsx?$/),
  ].filter((f) => !f.includes('/db/migrations/'));
  const keys = new Map<string, string>();
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(KEY))
      keys.set(m[1] as string, path.relative(ROOT, file));
  return keys;
}

describe('the server message catalogues', () => {
  const used = keysInCode();
  const keys = Object.keys(catalogues.uz).sort();

  it('have every key the code uses, in all four languages, and no key the code does not use', () => {
    expect(used.size).toBeGreaterThan(250);
    for (const language of LANGUAGES) {
      const own = Object.keys(catalogues[language]).sort();
      expect(own, `${language} has the keys of uz`).toEqual(keys);
      expect(
        [...used].filter(([key]) => !(key in catalogues[language])).map(([k, file]) => `${k} (${file})`),
        `missing in ${language}`,
      ).toEqual([]);
    }
    expect(
      keys.filter((k) => !used.has(k)),
      'unused',
    ).toEqual([]);
  });

  it('keep to namespaces of their own, apart from the web catalogue', () => {
    const web = readdirSync(path.join(ROOT, 'apps/web/src/i18n/messages/uz'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(NAMESPACES.filter((n) => web.includes(n))).toEqual([]);
    for (const key of keys) expect(NAMESPACES, key).toContain(key.split('.')[0]);
  });

  it('are valid ICU with the same arguments in every language, and render', () => {
    for (const key of keys) {
      const reference = [
        ...messageArguments(parse(catalogues.uz[key] ?? '', { ignoreTag: true })).all,
      ].sort();
      for (const language of LANGUAGES) {
        const source = catalogues[language][key] ?? '';
        expect(source.trim(), `${language} ${key}`).not.toBe('');
        const args = [...messageArguments(parse(source, { ignoreTag: true })).all].sort();
        expect(args, `${language} ${key}`).toEqual(reference);
        // Every value a number (a count must be one): the message renders, no braces left.
        const values = Object.fromEntries(args.map((name) => [name, 7]));
        const rendered = createRenderer(catalogues)(msg(key, values), language);
        expect(rendered, `${language} ${key}`).not.toBe(key);
        expect(rendered, `${language} ${key}`).not.toMatch(/[{}]/);
      }
    }
  });
});

describe('rendering a message', () => {
  const render = createRenderer({
    uz: { 'notice.low': 'Kam qoldiq: {sku}', 'errors.f': '{field}: {message}', 'errors.m': '{left} qoldi' },
    ru: {
      'notice.low': 'Мало на складе: {sku}',
      'errors.f': '{field}: {message}',
      'errors.n': '{n, plural, one {# товар} few {# товара} other {# товаров}}',
    },
  });

  it('renders in the reader language, else in Uzbek, else the key', () => {
    expect(render(msg('notice.low', { sku: 'A-1' }), 'ru')).toBe('Мало на складе: A-1');
    expect(render(msg('notice.low', { sku: 'A-1' }), 'uz')).toBe('Kam qoldiq: A-1');
    expect(render(msg('errors.m', { left: '5' }), 'ru')).toBe('5 qoldi');
    expect(render(msg('errors.none'), 'ru')).toBe('errors.none');
  });

  it('renders a message among the values, and money for the reader', () => {
    const inner = msg('notice.low', { sku: 'B' });
    expect(render(msg('errors.f', { field: 'sku', message: inner }), 'ru')).toBe('sku: Мало на складе: B');
    expect(render(msg('errors.f', { field: 'x', message: [inner, inner] }), 'uz')).toBe(
      'x: Kam qoldiq: B; Kam qoldiq: B',
    );
    const left = { amount: '25520.75', currency: 'USD' };
    expect(render(msg('errors.m', { left }), 'uz')).toBe('25 520.75 USD qoldi');
    expect(render(msg('errors.n', { n: 3 }), 'ru')).toBe('3 товара');
  });

  it('reads a stored null as nothing, and never throws on a value a plural cannot count', () => {
    const stored = JSON.parse('{"key":"errors.m","values":{"left":null}}');
    expect(render(stored, 'uz')).toBe(' qoldi');
    expect(() => render(msg('errors.n', { n: 'many' }), 'ru')).not.toThrow();
  });

  it('carries a message through a zod issue as its key, or as JSON with values', () => {
    expect(encodeMessage('validation.x')).toBe('validation.x');
    expect(decodeMessage('validation.x')).toEqual({ key: 'validation.x' });
    expect(decodeMessage(encodeMessage('validation.max', { max: 5 }))).toEqual(
      msg('validation.max', { max: 5 }),
    );
    expect(decodeMessage('Invalid input: expected string')).toEqual({
      text: 'Invalid input: expected string',
    });
  });
});
