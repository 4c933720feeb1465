import { UZBEK_APOSTROPHES } from '@app/shared';

/** Every Uzbek apostrophe, as one regular-expression class (o' o` oʻ o‘ … are one letter). */
const APOSTROPHE_CLASS = `[${UZBEK_APOSTROPHES}]`;
const APOSTROPHE = new RegExp(APOSTROPHE_CLASS, 'u');

/**
 * A search's pattern for PostgreSQL's case-insensitive match (`column ~* pattern`): the text
 * anywhere, every character literal, and any of the Uzbek apostrophes matching any other, so a
 * person who types o' finds oʻ (DESIGN.md section 14). pg_trgm's GIN indexes serve `~*` as they
 * serve ILIKE.
 */
export function searchPattern(text: string): string {
  return [...text]
    .map((c) => (APOSTROPHE.test(c) ? APOSTROPHE_CLASS : c.replace(/[\\^$.*+?()[\]{}|-]/g, (m) => `\\${m}`)))
    .join('');
}
