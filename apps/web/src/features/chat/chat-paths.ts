import { generatePath } from 'react-router';
import { paths } from '../../config/paths.ts';

/** /chat/<id>: a conversation open in the chat page. */
export function chatPath(conversationId: number): string {
  return generatePath(paths.chatConversation, { conversationId: String(conversationId) });
}

/** An id from a route param (/chat/:conversationId, /chat/offer/:offerId), or null when none or not one. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}
