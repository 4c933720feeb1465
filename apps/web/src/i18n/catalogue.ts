import type { Language, RenderMessage, TextCatalogue } from '@app/shared';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
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
/** key -> message: its ICU text, or in the build its parsed elements (compile-messages.ts). */
export type Messages = Record<string, string | MessageFormatElement[]>;

type Loader = () => Promise<{ default: Messages }>;

/**
 * What a page's texts come in (DESIGN.md section 23): `auth` and `common`, all that the pages
 * before sign-in show, are always there (`messages/<language>/boot.ts`); a signed-in page waits
 * for `shell` (`messages/<language>/shell.ts`: the namespaces the shell draws with) and for its
 * feature's namespace, each a chunk of its own per language, so that the counter does not wait
 * for the reports' texts. Only the chosen language is downloaded.
 */
export type TextPart =
  | 'shell'
  | 'admin'
  | 'catalog'
  | 'debts'
  | 'documents'
  | 'finance'
  | 'history'
  | 'inventory'
  | 'profile'
  | 'receipts'
  | 'reports'
  | 'shifts';

const BOOT: Record<Language, Loader> = {
  uz: () => import('./messages/uz/boot.ts'),
  'uz-Cyrl': () => import('./messages/uz-Cyrl/boot.ts'),
  ru: () => import('./messages/ru/boot.ts'),
  en: () => import('./messages/en/boot.ts'),
};
const SHELL: Record<Language, Loader> = {
  uz: () => import('./messages/uz/shell.ts'),
  'uz-Cyrl': () => import('./messages/uz-Cyrl/shell.ts'),
  ru: () => import('./messages/ru/shell.ts'),
  en: () => import('./messages/en/shell.ts'),
};
// A feature's namespace in each language, one chunk each (`uz-documents-*.js`, vite.config.ts).
const FEATURES = import.meta.glob<Messages>(
  [
    './messages/*/*.json',
    '!./messages/*/auth.json',
    '!./messages/*/common.json',
    '!./messages/*/chat.json',
    '!./messages/*/notifications.json',
    '!./messages/*/offers.json',
  ],
  { import: 'default' },
);

function loadPart(language: Language, part: TextPart): Promise<Messages> {
  if (part === 'shell') return SHELL[language]().then((m) => m.default);
  const load = FEATURES[`./messages/${language}/${part}.json`];
  if (!load) throw new Error(`No texts for ${part} in ${language}.`);
  return load();
}

/** A language's catalogue: its first namespaces and the parts asked for. */
export async function loadMessages(language: Language, parts: ReadonlySet<TextPart>): Promise<Messages> {
  const [boot, ...rest] = await Promise.all([
    BOOT[language]().then((m) => m.default),
    ...[...parts].map((part) => loadPart(language, part)),
  ]);
  return Object.assign({}, boot, ...rest) as Messages;
}

// The parts the pages have asked for so far (a new set at each change, for useSyncExternalStore);
// once asked, a part stays, in every language. I18nProvider follows it and says what is on screen.
let wanted: ReadonlySet<TextPart> = new Set();
const wantedListeners = new Set<() => void>();
let shownParts: ReadonlySet<TextPart> = new Set();
let waiting: { parts: readonly TextPart[]; resolve: () => void }[] = [];

/**
 * Asks for the texts of these parts; resolves once I18nProvider renders with them (or could not
 * download them: the page then shows keys rather than wait for ever). A signed-in page's route
 * waits for its parts (app/router.tsx), so that it never renders before its texts.
 */
export function catalogueParts(parts: readonly TextPart[]): Promise<void> {
  if (parts.every((part) => shownParts.has(part))) return Promise.resolve();
  const promise = new Promise<void>((resolve) => waiting.push({ parts, resolve }));
  if (parts.some((part) => !wanted.has(part))) {
    wanted = new Set([...wanted, ...parts]);
    for (const listener of wantedListeners) listener();
  }
  return promise;
}

export function wantedParts(): ReadonlySet<TextPart> {
  return wanted;
}

export function subscribeWantedParts(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** I18nProvider: these parts are on screen (or will not come); whoever waited for them goes on. */
export function cataloguePartsShown(parts: ReadonlySet<TextPart>): void {
  shownParts = parts;
  const ready = waiting.filter((entry) => entry.parts.every((part) => parts.has(part)));
  waiting = waiting.filter((entry) => !ready.includes(entry));
  for (const entry of ready) entry.resolve();
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
