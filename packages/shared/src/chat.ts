// The chat's length rule (DESIGN.md section 13), apart from its schemas (schemas/chat.ts) so that
// the web's chat rules use it without zod.

/** A message's length limits, in characters (Unicode code points, as PostgreSQL's char_length counts). */
export const CHAT_MESSAGE_MIN = 1;
export const CHAT_MESSAGE_MAX = 4000;

/** Characters as a person counts them on the server: code points, so an emoji is one, not two. */
export const chatLength = (v: string) => Array.from(v).length;
