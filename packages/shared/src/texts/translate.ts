import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from '../languages.ts';

// The server's texts in four languages (DESIGN.md section 14), gettext's way: the code writes
// each text in Uzbek, exactly as spec.md has it (the `uz` catalogue is the code itself), and a
// catalogue per other language maps that Uzbek text to its translation. A text with parts only
// known at run time is keyed by its template, `{name}` for each part ("Kam qoldiq: {sku}"); the
// translation is an ICU message with the same arguments. So the error helpers, the shared zod
// schemas and the notifications keep writing plain Uzbek, and one function renders any of them
// in the reader's language: the server for `detail` and field errors (Accept-Language), e-mails
// and Telegram (the recipient's language); the web app for the shared schemas' form messages.
// texts.test.ts holds the catalogues to the texts the code writes (extract.ts).

/** Uzbek template -> the translation (ICU MessageFormat, the template's arguments). */
export type TextCatalogue = Readonly<Record<string, string>>;

interface Template {
  /** The literal parts around the arguments: `literals.length === names.length + 1`. */
  literals: string[];
  names: string[];
  /** The template's length without its arguments: the most specific template wins a tie. */
  literal: number;
  template: string;
}

const ARGUMENT = /\{(\w+)\}/g;
const HAS_ARGUMENT = /\{\w+\}/;
/** A value that names a field ("{firstKey}: {value}"): a key, not words. */
const FIELD_NAMES = new Set(['firstKey', 'field']);
const FIELD_KEY = /^[a-z0-9_.[\]]+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
/** Texts translated, remembered per language (a History page repeats its lines). */
const CACHE_SIZE = 5000;

function compileTemplate(template: string): Template {
  const names: string[] = [];
  const literals: string[] = [];
  let last = 0;
  for (const m of template.matchAll(ARGUMENT)) {
    literals.push(template.slice(last, m.index));
    names.push(m[1] as string);
    last = m.index + m[0].length;
  }
  literals.push(template.slice(last));
  return { literals, names, literal: template.replace(ARGUMENT, '').length, template };
}

/**
 * A template's values in a text, or null when it does not match: each value runs to the next
 * occurrence of the literal after it (the shortest, as a lazy pattern would), the last literal
 * ends the text. One pass with indexOf, so no text, however long or shaped, costs more than its
 * length per template (a backtracking pattern with several groups could take seconds).
 */
function matchTemplate(t: Template, text: string): string[] | null {
  const first = t.literals[0] as string;
  const lastLiteral = t.literals[t.literals.length - 1] as string;
  if (!text.startsWith(first) || !text.endsWith(lastLiteral)) return null;
  const end = text.length - lastLiteral.length;
  if (end < first.length) return null;
  const values: string[] = [];
  let at = first.length;
  for (let i = 1; i < t.literals.length - 1; i++) {
    const literal = t.literals[i] as string;
    const next = text.indexOf(literal, at);
    if (next < 0 || next + literal.length > end) return null;
    values.push(text.slice(at, next));
    at = next + literal.length;
  }
  values.push(text.slice(at, end));
  for (const [i, name] of t.names.entries())
    if (FIELD_NAMES.has(name) && !FIELD_KEY.test(values[i] as string)) return null;
  return values;
}

type MessageElements = ReturnType<IntlMessageFormat['getAst']>;

// The element types of @formatjs/icu-messageformat-parser's TYPE enum this module reads.
const ICU = { literal: 0, number: 2, select: 5, plural: 6, pound: 7, tag: 8 } as const;

/**
 * The arguments an ICU message uses at any depth (plural and select branches, tags included), and
 * those it counts with (plural, number), which must be numbers. The catalogues' checks (web and
 * server) compare a translation's arguments with its source's through this.
 */
export function messageArguments(elements: MessageElements): { all: Set<string>; counted: Set<string> } {
  const all = new Set<string>();
  const counted = new Set<string>();
  const walk = (list: MessageElements): void => {
    for (const el of list) {
      if (el.type === ICU.literal || el.type === ICU.pound) continue;
      all.add(el.value);
      if (el.type === ICU.number || el.type === ICU.plural) counted.add(el.value);
      if (el.type === ICU.plural || el.type === ICU.select)
        for (const option of Object.values(el.options)) walk(option.value);
      if (el.type === ICU.tag) walk(el.children);
    }
  };
  walk(elements);
  return { all, counted };
}

/** Fills a template's `{name}`s with values (the Uzbek side: plain text, no ICU). */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(ARGUMENT, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export interface Texts {
  /**
   * A text the code wrote in Uzbek, in `language`: the catalogue's translation with the text's
   * own values (a value that is a text of ours, or a '; ' list of them, translated too), the
   * text's lines one by one when the whole has none, and the text unchanged when nothing matches
   * (a person's own words, a value, a text of a library).
   */
  translate(text: string, language: Language): string;
  /** A template with its values, in `language` (e-mails and Telegram, written for one reader). */
  render(template: string, language: Language, values?: Readonly<Record<string, string | number>>): string;
}

export function createTexts(catalogues: Partial<Record<Language, TextCatalogue>>): Texts {
  const templates = [...new Set(Object.values(catalogues).flatMap((c) => Object.keys(c ?? {})))]
    .filter((t) => HAS_ARGUMENT.test(t))
    .map(compileTemplate)
    .sort((a, b) => b.literal - a.literal);
  const formats = new Map<string, { message: IntlMessageFormat; counted: Set<string> }>();
  const cache = new Map<string, string>();

  function compiled(language: Language, template: string) {
    const source = catalogues[language]?.[template];
    if (source === undefined) return undefined;
    const key = `${language}\u0000${template}`;
    let entry = formats.get(key);
    if (!entry) {
      const message = new IntlMessageFormat(source, language);
      entry = { message, counted: messageArguments(message.getAst()).counted };
      formats.set(key, entry);
    }
    return entry;
  }

  /**
   * The translation with these values; undefined when a counted argument is not a number (a
   * person's words that look like a template) or the message cannot be formatted: the text then
   * stays as it was written, never an error.
   */
  function format(language: Language, template: string, values: Record<string, string>): string | undefined {
    const entry = compiled(language, template);
    if (!entry) return undefined;
    for (const name of entry.counted) if (!NUMBER.test(values[name] ?? '')) return undefined;
    try {
      // Values stay strings (an id, an amount already formatted); a plural reads the number spelled.
      return String(entry.message.format(values));
    } catch {
      return undefined;
    }
  }

  /** `depth`: a value may be a text of ours itself ("{field}: {message}"), one level deep. */
  function translateLine(text: string, language: Language, depth = 0): string | undefined {
    // A text with braces of its own is no key of ours: only templates, which name their values.
    if (!HAS_ARGUMENT.test(text)) {
      const exact = format(language, text, {});
      if (exact !== undefined) return exact;
    }
    for (const t of templates) {
      const found = matchTemplate(t, text);
      if (!found) continue;
      const values = Object.fromEntries(
        t.names.map((name, i) => {
          const value = found[i] as string;
          return [name, depth === 0 ? translateValue(value, language) : value];
        }),
      );
      const translated = format(language, t.template, values);
      if (translated !== undefined) return translated;
    }
    return undefined;
  }

  /** A template's value: a text of ours, or a list of them joined by '; ' (a History line's changes). */
  function translateValue(value: string, language: Language): string {
    if (value.includes('; ')) {
      const parts = value.split('; ');
      const translated = parts.map((part) => translateLine(part, language, 1));
      if (translated.some((t) => t !== undefined)) return parts.map((p, i) => translated[i] ?? p).join('; ');
    }
    return translateLine(value, language, 1) ?? value;
  }

  function translateText(text: string, language: Language): string {
    const whole = translateLine(text, language);
    if (whole !== undefined) return whole;
    if (!text.includes('\n')) return text;
    return text
      .split('\n')
      .map((line) => translateLine(line, language) ?? line)
      .join('\n');
  }

  return {
    translate(text, language) {
      if (language === 'uz' || text === '') return text;
      const key = `${language}\u0000${text}`;
      let translated = cache.get(key);
      if (translated === undefined) {
        translated = translateText(text, language);
        if (cache.size >= CACHE_SIZE) cache.clear();
        cache.set(key, translated);
      }
      return translated;
    },
    render(template, language, values = {}) {
      if (language === 'uz') return fillTemplate(template, values);
      const strings = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
      return format(language, template, strings) ?? fillTemplate(template, values);
    },
  };
}
