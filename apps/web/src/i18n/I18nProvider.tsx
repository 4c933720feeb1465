import {
  type Language,
  type Message,
  pickLanguage,
  type RenderMessage,
  setNumberLanguage,
} from '@app/shared';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { IntlProvider } from 'react-intl';
import { setApiLanguage } from '../lib/api-client.ts';
import { setDateLanguage } from '../lib/format.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';
import {
  cataloguePartsShown,
  loadMessages,
  loadRenderer,
  type Messages,
  subscribeWantedParts,
  type TextPart,
  wantedParts,
} from './catalogue.ts';
import { monthNames } from './month-names.ts';

// The interface language (DESIGN.md section 14): the signed-in user's choice (whoami, saved by
// PATCH auth/me/), before sign-in the last choice on this browser, else the browser's languages,
// else Uzbek. Its catalogue is loaded before anything renders in it; the previous language stays
// on screen while the next one loads.

const STORAGE_KEY = 'language';

function initialLanguage(): Language {
  const stored = readStorage(STORAGE_KEY);
  return pickLanguage([...(stored ? [stored] : []), ...(globalThis.navigator?.languages ?? [])]) ?? 'uz';
}

interface LanguageContextValue {
  language: Language;
  /** Shows the interface in a language and remembers it on this browser. */
  setLanguage: (language: Language) => void;
  /** A message of the shared code (a schema's, as a key with values), in this language. */
  renderMessage: (message: Message) => string;
  /** The same, once the renderer has loaded (a form's resolver waits for it). */
  renderMessageLater: (message: Message) => Promise<string>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage needs an I18nProvider above it.');
  return value;
}

/** Everything a language changes outside React: numbers, dates, the API's Accept-Language. */
function applyLanguage(language: Language, messages: Messages): void {
  setNumberLanguage(language);
  setDateLanguage(language, monthNames(messages));
  setApiLanguage(language);
  // The page's language, which every input inherits: a date input shows the language's order where
  // the browser takes it from `lang` (Chromium takes its own interface language instead, which a
  // page cannot change). DESIGN.md section 16.
  document.documentElement.lang = language;
}

/**
 * The shared code's message renderer for the language on screen, loaded at its first use (a form's
 * check, a page showing such a message): its chunk, with the server's texts and decimal.js, is not
 * in the sign-in page's first load (DESIGN.md section 23). Until it arrives a message shows its
 * key, and the page renders again with the text; a form's check waits for it.
 */
function useRenderer(language: Language) {
  const [ready, setReady] = useState<{ language: Language; render: RenderMessage } | null>(null);
  const pending = useRef<{ language: Language; promise: Promise<RenderMessage> } | null>(null);
  const load = useCallback((wanted: Language) => {
    if (pending.current?.language !== wanted) {
      const promise = loadRenderer(wanted);
      pending.current = { language: wanted, promise };
      promise.then(
        (render) => {
          if (pending.current?.promise === promise) setReady({ language: wanted, render });
        },
        () => {
          // Not downloaded (offline, a new deploy): the next use tries again.
          if (pending.current?.promise === promise) pending.current = null;
        },
      );
    }
    return pending.current.promise;
  }, []);
  return useMemo(
    () => ({
      renderMessage: (message: Message) => {
        if (ready?.language === language) return ready.render(message, language);
        void load(language).catch(() => {});
        return message.key;
      },
      renderMessageLater: async (message: Message) => (await load(language))(message, language),
    }),
    [ready, language, load],
  );
}

/**
 * The catalogue as react-intl takes it: strings in development, parsed elements in the build
 * (compile-messages.ts). It takes either, message by message, though its type names one kind.
 */
const intlMessages = (messages: Messages) => messages as Record<string, MessageFormatElement[]>;

/** The catalogue on screen: its language, its messages and the parts they hold. */
interface Loaded {
  language: Language;
  messages: Messages;
  parts: ReadonlySet<TextPart>;
}

/**
 * One catalogue object per language, which the parts asked later are added to (their keys are
 * new; the others' texts the same): react-intl keeps its intl, and the pages on screen, which use
 * none of the new texts, are not drawn again (DESIGN.md section 23). A new language, or a load
 * after a part was shown without its texts (its download failed), is a new object: the page that
 * went on with keys is drawn again with the texts.
 */
function nextMessages(before: Loaded | null, language: Language, messages: Messages, afterMissing: boolean) {
  return before?.language === language && !afterMissing ? Object.assign(before.messages, messages) : messages;
}

export function I18nProvider({
  children,
  fallback,
  failed,
}: {
  children: ReactNode;
  /** Shown while the first catalogue loads. */
  fallback: ReactNode;
  /** Shown when not even the Uzbek catalogue can be downloaded (offline, or a new version). */
  failed: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const missing = useRef(false);
  // The first namespaces, and the parts the signed-in pages have asked for (catalogue.ts).
  const parts = useSyncExternalStore(subscribeWantedParts, wantedParts, wantedParts);

  // `loaded` is read only to know what is on screen yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new catalogue only for a new language or new parts
  useEffect(() => {
    let current = true;
    loadMessages(language, parts).then(
      (messages) => {
        if (!current) return;
        applyLanguage(language, messages);
        setLoaded({ language, messages: nextMessages(loaded, language, messages, missing.current), parts });
        missing.current = false;
        // What the server wrote in words (History, reasons, notifications) comes in the new
        // language once asked again: everything on screen is.
        if (loaded !== null && loaded.language !== language) void queryClient.invalidateQueries();
      },
      () => {
        // A catalogue that cannot be downloaded (offline, a new deploy): stay in the language on
        // screen, or fall back to Uzbek at the first load, or say so. A signed-in page waiting for
        // its texts goes on with what there is.
        if (current && parts.size > 0) {
          missing.current = true;
          cataloguePartsShown(parts);
        }
        if (!current || loaded !== null) return;
        if (language !== 'uz') setLanguageState('uz');
        else setUnavailable(true);
      },
    );
    return () => {
      current = false;
    };
  }, [language, parts]);

  // These parts are on screen: the signed-in pages waiting for them render (after this commit,
  // so never with keys for texts).
  useEffect(() => {
    if (loaded) cataloguePartsShown(loaded.parts);
  }, [loaded]);

  const setLanguage = useCallback((next: Language) => {
    writeStorage(STORAGE_KEY, next);
    setLanguageState(next);
  }, []);

  const shown = loaded?.language ?? language;
  const { renderMessage, renderMessageLater } = useRenderer(shown);
  const context = useMemo(
    () => ({ language: shown, setLanguage, renderMessage, renderMessageLater }),
    [shown, setLanguage, renderMessage, renderMessageLater],
  );

  if (!loaded) return <>{unavailable ? failed : fallback}</>;
  return (
    <LanguageContext.Provider value={context}>
      <IntlProvider locale={loaded.language} defaultLocale="uz" messages={intlMessages(loaded.messages)}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}
