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
  pattern: RegExp;
  names: string[];
  /** The template's length without its arguments: the most specific template wins a tie. */
  literal: number;
  template: string;
}

const ARGUMENT = /\{(\w+)\}/g;
const HAS_ARGUMENT = /\{\w+\}/;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compileTemplate(template: string): Template {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const m of template.matchAll(ARGUMENT)) {
    source += `${escapeRegExp(template.slice(last, m.index))}(.*?)`;
    names.push(m[1] as string);
    last = m.index + m[0].length;
  }
  source += escapeRegExp(template.slice(last));
  return {
    pattern: new RegExp(`^${source}$`),
    names,
    literal: template.replace(ARGUMENT, '').length,
    template,
  };
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
  const formats = new Map<string, IntlMessageFormat>();

  function format(language: Language, template: string, values: Record<string, string>): string | undefined {
    const message = catalogues[language]?.[template];
    if (message === undefined) return undefined;
    const key = `${language}\u0000${template}`;
    let compiled = formats.get(key);
    if (!compiled) {
      compiled = new IntlMessageFormat(message, language);
      formats.set(key, compiled);
    }
    // Values stay strings (an id, an amount already formatted); a plural's argument is read as
    // the number it spells.
    return String(compiled.format(values));
  }

  /** `depth`: a value may be a text of ours itself ("{field}: {message}"), one level deep. */
  function translateLine(text: string, language: Language, depth = 0): string | undefined {
    const exact = format(language, text, {});
    if (exact !== undefined) return exact;
    for (const t of templates) {
      const match = t.pattern.exec(text);
      if (!match) continue;
      const values = Object.fromEntries(
        t.names.map((name, i) => {
          const value = match[i + 1] ?? '';
          return [name, depth === 0 ? translateValue(value, language) : value];
        }),
      );
      return format(language, t.template, values);
    }
    return undefined;
  }

  /** A template's value: a text of ours, or a list of them joined by '; ' (a History line's changes). */
  function translateValue(value: string, language: Language): string {
    const exact = format(language, value, {});
    if (exact !== undefined) return exact;
    if (value.includes('; ')) {
      const parts = value.split('; ');
      const translated = parts.map((part) => translateLine(part, language, 1));
      if (translated.some((t) => t !== undefined)) return parts.map((p, i) => translated[i] ?? p).join('; ');
    }
    return translateLine(value, language, 1) ?? value;
  }

  return {
    translate(text, language) {
      if (language === 'uz' || text === '') return text;
      const whole = translateLine(text, language);
      if (whole !== undefined) return whole;
      if (!text.includes('\n')) return text;
      return text
        .split('\n')
        .map((line) => translateLine(line, language) ?? line)
        .join('\n');
    },
    render(template, language, values = {}) {
      if (language === 'uz') return fillTemplate(template, values);
      const strings = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
      return format(language, template, strings) ?? fillTemplate(template, values);
    },
  };
}
