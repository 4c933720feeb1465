import {
  acceptLanguageTags,
  createTexts,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  pickLanguage,
} from '@app/shared';
import en from '@app/shared/texts/en.json' with { type: 'json' };
import ru from '@app/shared/texts/ru.json' with { type: 'json' };
import uzCyrl from '@app/shared/texts/uz-Cyrl.json' with { type: 'json' };
import type { FastifyInstance, FastifyRequest } from 'fastify';

// The server's texts in the reader's language (DESIGN.md section 14; @app/shared texts): the code
// writes Uzbek, `detail` and field errors are translated when the answer is sent, e-mails and
// Telegram messages when they are written for their recipient.

export const texts = createTexts({ 'uz-Cyrl': uzCyrl, ru, en });

/** A template of ours with its values, in `language` (texts.test.ts finds the templates by this name). */
export const tr = (
  language: Language,
  template: string,
  values?: Readonly<Record<string, string | number>>,
) => texts.render(template, language, values);

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
 * A row the code wrote a text into (a History summary, a ledger row's or a debt's reason: stored
 * as written, in Uzbek), with those fields in `language`; a person's own words stay as they are.
 */
export function readable<T extends object>(row: T, fields: readonly (keyof T)[], language: Language): T {
  if (language === DEFAULT_LANGUAGE) return row;
  const out = { ...row };
  for (const field of fields) {
    const value = out[field];
    if (typeof value === 'string') out[field] = texts.translate(value, language) as T[keyof T];
  }
  return out;
}

type Body = Record<string, unknown>;

/**
 * Every answer's messages in the request's language: an error's `detail` and field errors (an
 * error body is `{detail, <field>: [messages]}`), and the `{detail}` of a success that only says
 * something. One place, after the handlers and the error handler, so no module translates its
 * refusals (the records in answers are read through `readable`). Every answer varies with
 * Accept-Language, which a cache must know.
 */
export function registerTextTranslation(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('vary', 'Accept-Language');
  });
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const body = payload as Body;
    const isError = reply.statusCode >= 400;
    if (!isError && !(typeof body.detail === 'string' && Object.keys(body).length === 1)) return payload;
    const language = requestLanguage(request);
    if (language === DEFAULT_LANGUAGE) return payload;
    const translate = (value: unknown): unknown =>
      typeof value === 'string'
        ? texts.translate(value, language)
        : Array.isArray(value)
          ? value.map((v) => (typeof v === 'string' ? texts.translate(v, language) : v))
          : value;
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, translate(value)]));
  });
}
