import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@app/shared';
import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { compileMessages } from '../../compile-messages.ts';
import type { Messages } from './catalogue.ts';
import { monthNames } from './month-names.ts';

// The build ships the catalogues parsed (compile-messages.ts, DESIGN.md section 23) and without
// the parser. These checks hold the parsed catalogues to their sources: every message of every
// language, the web's and the shared renderer's, says the same words with the same values, and
// the month names read the same.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB = path.join(HERE, 'messages');
const SHARED = path.resolve(HERE, '../../../../packages/shared/src/texts');

type Transform = (this: unknown, code: string, id: string) => { code: string } | null;
const transform = compileMessages().transform as Transform;

function compile(file: string): Record<string, MessageFormatElement[]> {
  const result = transform.call({}, readFileSync(file, 'utf8'), `${file}?import`);
  return JSON.parse(result?.code ?? '{}');
}

type Values = Record<string, unknown>;

/** Values for every argument of a message: `count` for what it counts, a tag that keeps its words. */
function valuesOf(elements: MessageFormatElement[], count: number, values: Values = {}): Values {
  for (const el of elements) {
    if (el.type === TYPE.argument) values[el.value] = `«${el.value}»`;
    if (el.type === TYPE.number || el.type === TYPE.plural) values[el.value] = count;
    if (el.type === TYPE.date || el.type === TYPE.time) values[el.value] = new Date(Date.UTC(2026, 10, 28));
    if (el.type === TYPE.select) values[el.value] = Object.keys(el.options)[0];
    if (el.type === TYPE.tag) values[el.value] = (chunks: unknown[]) => `<${chunks.join('')}>`;
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) valuesOf(option.value, count, values);
    if (el.type === TYPE.tag) valuesOf(el.children, count, values);
  }
  return values;
}

function sameWords(file: string, language: string, options: { ignoreTag?: boolean }) {
  const sources = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const compiled = compile(file);
  expect(Object.keys(compiled)).toEqual(Object.keys(sources));
  for (const [key, source] of Object.entries(sources)) {
    const fromSource = new IntlMessageFormat(source, language, undefined, options);
    const fromBuild = new IntlMessageFormat(compiled[key] ?? [], language, undefined, options);
    for (const count of [0, 1, 3, 21]) {
      const values = valuesOf(fromSource.getAst(), count);
      expect(String(fromBuild.format(values)), `${key} (${count})`).toBe(String(fromSource.format(values)));
    }
  }
}

const webFiles = LANGUAGES.flatMap((language) =>
  readdirSync(path.join(WEB, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ language, file: path.join(WEB, language, f), name: `${language}/${f}` })),
);

describe('the catalogues as the build ships them', () => {
  it.each(webFiles)('$name says what its source says', ({ language, file }) => {
    sameWords(file, language, {});
  });

  it.each(LANGUAGES)("the shared renderer's %s texts say what their source says", (language) => {
    sameWords(path.join(SHARED, `${language}.json`), language, { ignoreTag: true });
  });

  it.each(LANGUAGES)('the month names in %s read the same', (language) => {
    const file = path.join(WEB, language, 'common.json');
    const sources = JSON.parse(readFileSync(file, 'utf8')) as Messages;
    const names = monthNames(compile(file));
    expect(names).toEqual(monthNames(sources));
    expect(names.every((name) => name.length > 0 && !name.startsWith('common.'))).toBe(true);
  });

  it('leaves other files alone', () => {
    expect(transform.call({}, '{"a":"b"}', path.join(HERE, 'other.json'))).toBeNull();
  });
});
