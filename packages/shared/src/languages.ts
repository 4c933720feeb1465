// The interface languages (DESIGN.md section 14): Uzbek in Latin script (the default, exactly the
// texts of spec.md), Uzbek in Cyrillic, Russian and English.

export const LANGUAGES = ['uz', 'uz-Cyrl', 'ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'uz';

/** Each language's name in itself, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  uz: "O'zbekcha",
  'uz-Cyrl': 'Ўзбекча',
  ru: 'Русский',
  en: 'English',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The best of our languages for a list of BCP 47 tags in order of preference (navigator.languages,
 * or an Accept-Language header's tags): an exact tag first, then Uzbek by its script (uz-Cyrl,
 * uz-Cyrl-UZ; any other uz is Latin), then the primary language (ru-RU is ru, en-GB is en).
 */
export function pickLanguage(tags: readonly string[]): Language | undefined {
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const [primary, script] = tag.split(/[-_]/);
    if (primary === 'uz') return script === 'cyrl' ? 'uz-Cyrl' : 'uz';
    const byPrimary = LANGUAGES.find((l) => l === primary);
    if (byPrimary) return byPrimary;
  }
  return undefined;
}

/** An Accept-Language header's tags by their q weights, best first ("ru-RU,ru;q=0.9,en;q=0.8"). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && Number.isFinite(t.weight) && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}

/**
 * The apostrophes Uzbek is written with (o', g' and the tutuq belgisi): the ASCII one, the
 * backtick, the modifier letters turned comma and apostrophe, the left and right single
 * quotation marks and the acute accent. Search treats them alike (DESIGN.md section 14).
 */
export const UZBEK_APOSTROPHES = "'`ʻʼ‘’´";

const APOSTROPHE_RE = new RegExp(`[${UZBEK_APOSTROPHES}]`, 'g');

/** A text as search compares it: lower case, every Uzbek apostrophe as the ASCII one. */
export function searchFold(text: string): string {
  return text.toLowerCase().replace(APOSTROPHE_RE, "'");
}

/**
 * The separators numbers are shown with: Uzbek (Latin) as spec.md writes them (1 234 567.89),
 * every other language as Intl writes it (ru 1 234 567,89, en 1,234,567.89). Set by the web app
 * for the chosen language (DESIGN.md section 14); the digits are the exact decimal's, only the
 * separators change, never the number of decimals. Here, not in money.ts, so that setting the
 * language does not load decimal.js (DESIGN.md section 23: the sign-in page's first load).
 */
let separators = { group: ' ', decimal: '.' };

/** The separators of the language set by setNumberLanguage (money.ts formats with them). */
export function numberSeparators(): typeof separators {
  return separators;
}

export function separatorsOf(language: Language): typeof separators {
  if (language === DEFAULT_LANGUAGE) return { group: ' ', decimal: '.' };
  const parts = new Intl.NumberFormat(language).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ' ',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

export function setNumberLanguage(language: Language): void {
  separators = separatorsOf(language);
}
