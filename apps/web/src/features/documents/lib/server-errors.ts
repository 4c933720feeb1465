import { fieldErrors } from '../../../lib/api-client.ts';

// A refused document's errors (DESIGN.md section 19): the server renders them in the request's
// language; `lines.N.field` belongs on line N, the rest (`payment`, `counterparty`) by its field.

export interface DocumentErrors {
  /** The line's messages by its index in the body, every field of it joined. */
  lines: Record<number, string>;
  /** Other fields' messages: `payment`, `counterparty`, `payment.cash.0.amount`... */
  fields: Record<string, string>;
}

const LINE_FIELD = /^lines\.(\d+)(?:\.\w+)?$/;

export function documentErrors(err: unknown): DocumentErrors {
  const out: DocumentErrors = { lines: {}, fields: {} };
  for (const [field, message] of Object.entries(fieldErrors(err))) {
    const line = LINE_FIELD.exec(field);
    if (line) {
      const i = Number(line[1]);
      out.lines[i] = out.lines[i] ? `${out.lines[i]} ${message}` : message;
    } else out.fields[field] = message;
  }
  return out;
}

/** The messages of the fields that start with `prefix` (`payment`), joined. */
export function fieldsUnder(fields: Record<string, string>, prefix: string): string | undefined {
  const found = Object.entries(fields)
    .filter(([field]) => field === prefix || field.startsWith(`${prefix}.`))
    .map(([, message]) => message);
  return found.length > 0 ? [...new Set(found)].join(' ') : undefined;
}
