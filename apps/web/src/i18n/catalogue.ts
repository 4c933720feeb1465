import type { Language, RenderMessage, TextCatalogue } from '@app/shared';
import type admin from './messages/uz/admin.json';
import type auth from './messages/uz/auth.json';
import type catalog from './messages/uz/catalog.json';
import type chat from './messages/uz/chat.json';
import type common from './messages/uz/common.json';
import type debts from './messages/uz/debts.json';
import type documents from './messages/uz/documents.json';
import type finance from './messages/uz/finance.json';
import type history from './messages/uz/history.json';
import type inventory from './messages/uz/inventory.json';
import type notifications from './messages/uz/notifications.json';
import type offers from './messages/uz/offers.json';
import type profile from './messages/uz/profile.json';
import type receipts from './messages/uz/receipts.json';
import type reports from './messages/uz/reports.json';
import type shifts from './messages/uz/shifts.json';

// The message catalogues (DESIGN.md section 14): one JSON file per namespace and language under
// messages/<language>/, ICU MessageFormat values, the same keys in every language (i18n.test.ts).
// The uz files hold exactly the texts of spec.md where it writes one, and Uzbek everywhere else.
// Keys are typed from them, so a key the uz catalogue lacks does not compile.

type Catalogue = typeof admin &
  typeof auth &
  typeof catalog &
  typeof chat &
  typeof common &
  typeof debts &
  typeof documents &
  typeof finance &
  typeof history &
  typeof inventory &
  typeof notifications &
  typeof offers &
  typeof profile &
  typeof receipts &
  typeof reports &
  typeof shifts;

export type MessageKey = keyof Catalogue & string;
export type Messages = Record<string, string>;

type Loader = () => Promise<{ default: Messages }>;

/**
 * Each language's catalogue in two chunks of its own (only the chosen language is downloaded):
 * `auth` and `common`, all that the pages before sign-in show, and the other namespaces, which
 * the signed-in pages wait for (wholeCatalogue). The sign-in page's first load carries only the
 * first (DESIGN.md section 23).
 */
const BOOT: Record<Language, Loader> = {
  uz: () => import('./messages/uz/boot.ts'),
  'uz-Cyrl': () => import('./messages/uz-Cyrl/boot.ts'),
  ru: () => import('./messages/ru/boot.ts'),
  en: () => import('./messages/en/boot.ts'),
};
const REST: Record<Language, Loader> = {
  uz: () => import('./messages/uz/rest.ts'),
  'uz-Cyrl': () => import('./messages/uz-Cyrl/rest.ts'),
  ru: () => import('./messages/ru/rest.ts'),
  en: () => import('./messages/en/rest.ts'),
};

/** A language's catalogue: its first namespaces, or (`whole`) every one. */
export async function loadMessages(language: Language, whole: boolean): Promise<Messages> {
  const [boot, rest] = await Promise.all([BOOT[language](), whole ? REST[language]() : null]);
  return rest ? { ...boot.default, ...rest.default } : boot.default;
}

// Whether the whole catalogue is wanted: from the first signed-in page on, every language is
// loaded whole. I18nProvider follows it and says when the whole catalogue is on screen.
let whole = false;
const wholeListeners = new Set<() => void>();
let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/**
 * Asks for every namespace; resolves once I18nProvider renders with them (or could not download
 * them: the page then shows keys rather than wait for ever). The shell's route waits for it, so a
 * signed-in page never renders before its texts.
 */
export function wholeCatalogue(): Promise<void> {
  if (!whole) {
    whole = true;
    for (const listener of wholeListeners) listener();
  }
  return shown;
}

export function catalogueWhole(): boolean {
  return whole;
}

export function subscribeCatalogueWhole(listener: () => void): () => void {
  wholeListeners.add(listener);
  return () => wholeListeners.delete(listener);
}

/** I18nProvider: the whole catalogue is on screen (or will not come). */
export function wholeCatalogueShown(): void {
  markShown();
}

/**
 * The server's messages in each language (@app/shared texts), which render the shared schemas'
 * messages the forms show (keys with values, DESIGN.md section 15): a chunk of their own, loaded
 * with the renderer.
 */
const TEXTS: Record<Language, () => Promise<{ default: TextCatalogue }>> = {
  uz: () => import('@app/shared/texts/uz.json'),
  'uz-Cyrl': () => import('@app/shared/texts/uz-Cyrl.json'),
  ru: () => import('@app/shared/texts/ru.json'),
  en: () => import('@app/shared/texts/en.json'),
};

/**
 * The renderer of the shared code's messages in a language, its texts and decimal.js (it formats
 * money) in chunks of their own, loaded at the renderer's first use (I18nProvider): the sign-in
 * page paints without them (DESIGN.md section 23).
 */
export async function loadRenderer(language: Language): Promise<RenderMessage> {
  const [{ createRenderer }, texts] = await Promise.all([import('./renderer.ts'), TEXTS[language]()]);
  return createRenderer({ [language]: texts.default });
}
