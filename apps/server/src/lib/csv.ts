/** How a cell reads in a spreadsheet: a text, or a number (an exact decimal string, "-125.50"). */
export type CsvKind = 'text' | 'number';

/** A decimal as the database and the API write one: an optional minus, digits, a fraction. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * One CSV field (RFC 4180). A text that a spreadsheet would run as a formula (=, +, -, @ first)
 * is written with a leading apostrophe: exports hold what people typed. A number cell is left as
 * it is, so a negative amount (a net outflow, a negative margin) stays a number; one that is not
 * a plain decimal after all is guarded like a text.
 */
export function csvField(value: string | number | null, kind: CsvKind = 'text'): string {
  if (typeof value === 'number') return String(value);
  let text = value ?? '';
  const isNumber = kind === 'number' && DECIMAL.test(text);
  if (!isNumber && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line: the fields, comma-separated, ended by CRLF; `kinds` per field, text where none. */
export function csvLine(
  values: ReadonlyArray<string | number | null>,
  kinds: ReadonlyArray<CsvKind> = [],
): string {
  return `${values.map((value, i) => csvField(value, kinds[i])).join(',')}\r\n`;
}

/** Excel reads a CSV as UTF-8 when it starts with a byte-order mark. */
export const CSV_BOM = '\uFEFF';
