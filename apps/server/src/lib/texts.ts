import {
  acceptLanguageTags,
  createRenderer,
  DEFAULT_LANGUAGE,
  isLanguage,
  isMessage,
  type Language,
  type Message,
  pickLanguage,
} from '@app/shared';
import en from '@app/shared/texts/en.json' with { type: 'json' };
import ru from '@app/shared/texts/ru.json' with { type: 'json' };
import uz from '@app/shared/texts/uz.json' with { type: 'json' };
import uzCyrl from '@app/shared/texts/uz-Cyrl.json' with { type: 'json' };
import type { FastifyInstance, FastifyRequest } from 'fastify';

// The server's messages in the reader's language (DESIGN.md sections 14 and 15): the code says a
// message as a key with values; it is rendered from the catalogues when an answer is sent (the
// request's language), an e-mail or a Telegram message written (the recipient's).

const render = createRenderer({ uz, 'uz-Cyrl': uzCyrl, ru, en });

/** A message in `language`. */
export const renderMessage = (message: Message, language: Language): string => render(message, language);

/** `renderMessage` with the language first, for a function that writes many texts for one reader. */
export const tr = (language: Language, message: Message): string => render(message, language);

/**
 * A stored text for its reader: rendered from the message the row keeps since messages have keys
 * (migration 0022), else the text as the row was written (older rows, a person's own words).
 */
export function storedText(message: Message | null | undefined, text: string, language: Language): string {
  return message ? render(message, language) : text;
}

/**
 * A row with stored texts (`reason` beside `reason_message`, migration 0022) with those fields
 * in `language`, their message columns dropped: the message rendered, or the text as stored.
 */
export function readable<T extends object>(
  row: T,
  fields: readonly (keyof T & string)[],
  language: Language,
): T {
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const field of fields) {
    const message = out[`${field}_message`];
    if (isMessage(message) && typeof out[field] === 'string') out[field] = render(message, language);
    delete out[`${field}_message`];
  }
  return out as T;
}

/** A stored message's columns: the Uzbek text (search, files, older clients) and the message itself. */
export function toStored(message: Message | string | undefined): { text: string; message: Message | null } {
  if (message === undefined) return { text: '', message: null };
  if (typeof message === 'string') return { text: message, message: null };
  return { text: render(message, DEFAULT_LANGUAGE), message };
}

/** A stored message as a JSONB column takes it (JSON text). */
export const jsonOf = (message: Message | null): string | null => (message ? JSON.stringify(message) : null);

/** The language a request asks for: its Accept-Language, Uzbek when it names none of ours. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  return pickLanguage(acceptLanguageTags(request.headers['accept-language'])) ?? DEFAULT_LANGUAGE;
}

/** Our language for one BCP 47 tag (a Telegram user's language_code), Uzbek when none fits. */
export function languageOfTag(tag: string | undefined): Language {
  return pickLanguage(tag ? [tag] : []) ?? DEFAULT_LANGUAGE;
}

/** A recipient's language: their own choice (users.language), else `fallback`. */
export function recipientLanguage(
  chosen: string | null | undefined,
  fallback: Language = DEFAULT_LANGUAGE,
): Language {
  return isLanguage(chosen) ? chosen : fallback;
}

/**
 * Every answer's words are in the request's language (errors rendered by lib/errors.ts, records
 * by their modules), so every answer varies with Accept-Language, which a cache must know.
 */
export function registerLanguageVary(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('vary', 'Accept-Language');
  });
}
