// Messages travel as keys with values (DESIGN.md section 15): the code says which message and
// with what (`msg(key, {id})`), never the words; the words come from the
// catalogues (uz, uz-Cyrl, ru, en .json beside this file) when the message is rendered for its
// reader: the server's answers in the request's language, e-mails and Telegram in the recipient's,
// the web app's forms in the chosen one. Nothing parses a rendered text back.

/** An amount of money: formatted for the reader when the message is rendered ("25 520.75 USD"). */
export interface MoneyValue {
  amount: string;
  currency: string;
}

/** A value of a message: a word or a number as it is, money, or a message of its own (a list of them). */
export type MessageValue = string | number | MoneyValue | Message | readonly Message[];

export type MessageValues = Readonly<Record<string, MessageValue>>;

export interface Message {
  key: string;
  values?: MessageValues;
}

/** A message: its key in the catalogues, and the values its text names. */
export function msg(key: string, values?: MessageValues): Message {
  return values === undefined ? { key } : { key, values };
}

/** Money as a message's value, formatted for the reader. */
export const money = (amount: string, currency: string): MoneyValue => ({ amount, currency });

export function isMessage(value: unknown): value is Message {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { key?: unknown }).key === 'string' &&
    !('amount' in value)
  );
}

const ENCODED = '{"key":';

/**
 * A message as a zod issue's `message`, which must be a string: its key alone, or with values the
 * message as JSON. `decodeMessage` reads it back (the server's validation answer, the web's forms).
 */
export function encodeMessage(key: string, values?: MessageValues): string {
  return values === undefined ? key : JSON.stringify(msg(key, values));
}

/** A zod issue's message: ours (a key, or a message as JSON), or a library's own words (`text`). */
export function decodeMessage(encoded: string): Message | { text: string } {
  if (encoded.startsWith(ENCODED)) {
    try {
      const parsed: unknown = JSON.parse(encoded);
      if (isMessage(parsed)) return parsed;
    } catch {
      // Not ours after all: shown as it is.
    }
  }
  return /^[a-z][\w-]*(\.[\w-]+)+$/.test(encoded) ? { key: encoded } : { text: encoded };
}
