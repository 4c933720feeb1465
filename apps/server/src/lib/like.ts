/**
 * A search's ILIKE pattern: the text anywhere, with `%`, `_` and `\` literal, so a person finds
 * the text they typed (PostgreSQL's default escape character is the backslash).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
