/**
 * One CSV field (RFC 4180). A text that a spreadsheet would run as a formula (=, +, -, @ first)
 * is written with a leading apostrophe: exports hold what people typed. Numbers stay as they are.
 */
export function csvField(value: string | number | null): string {
  if (typeof value === 'number') return String(value);
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line: the fields, comma-separated, ended by CRLF. */
export function csvLine(values: ReadonlyArray<string | number | null>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** Excel reads a CSV as UTF-8 when it starts with a byte-order mark. */
export const CSV_BOM = '\uFEFF';
