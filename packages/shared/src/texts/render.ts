import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from '../languages.ts';
import { formatMoneyIn } from '../money.ts';
import { isMessage, type Message, type MessageValue } from './message.ts';

type MessageElements = ReturnType<IntlMessageFormat['getAst']>;

/**
 * key -> message in one language (ICU MessageFormat): its text, or the elements the web's build
 * parsed it into (apps/web/compile-messages.ts).
 */
export type TextCatalogue = Readonly<Record<string, string | MessageElements>>;

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

export type RenderMessage = (message: Message, language: Language) => string;

/**
 * Renders messages from catalogues: the reader's language, else Uzbek, else the key itself (a
 * key no catalogue has is a bug the catalogue test catches; a reader still sees something).
 * A value that is money is formatted for the language, one that is a message rendered with it,
 * a list of messages joined by '; '.
 */
export function createRenderer(catalogues: Partial<Record<Language, TextCatalogue>>): RenderMessage {
  const formats = new Map<string, IntlMessageFormat>();

  function compiled(language: Language, key: string): IntlMessageFormat | undefined {
    const id = `${language}\u0000${key}`;
    let format = formats.get(id);
    if (!format) {
      const source = catalogues[language]?.[key];
      if (source === undefined) return undefined;
      format = new IntlMessageFormat(source, language, undefined, { ignoreTag: true });
      formats.set(id, format);
    }
    return format;
  }

  function value(v: MessageValue | null | undefined, language: Language): string | number {
    if (typeof v === 'string' || typeof v === 'number') return v;
    // A stored message's values are JSON: a null (a debt without a due date) reads as nothing.
    if (v === null || v === undefined || typeof v !== 'object')
      return v === null || v === undefined ? '' : String(v);
    if (Array.isArray(v)) return v.map((m) => render(m, language)).join('; ');
    if (isMessage(v)) return render(v, language);
    const amount = v as { amount?: unknown; currency?: unknown };
    if (typeof amount.amount !== 'string' || typeof amount.currency !== 'string') return '';
    return formatMoneyIn(language, amount.amount, amount.currency);
  }

  function render(message: Message, language: Language): string {
    const format = compiled(language, message.key) ?? compiled('uz', message.key);
    if (!format) return message.key;
    const values = Object.fromEntries(
      Object.entries(message.values ?? {}).map(([name, v]) => [name, value(v, language)]),
    );
    try {
      return String(format.format(values));
    } catch {
      // A value a plural cannot count (a stored row's odd value): the Uzbek words, never an error.
      return message.key;
    }
  }

  return render;
}
