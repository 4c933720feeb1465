// What each live event (DESIGN.md section 13, GET api/events/) changes in the caches. The keys stay
// with the features that own them; this, in the app layer that composes the features, is the one
// place that knows them all (features never import each other, STYLE.md).
import {
  ChatMessageSchema,
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  ImportProgressSchema,
  NotificationSchema,
  OFFER_STATUSES,
} from '@app/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { chatKeys } from '../../features/chat/api/keys.ts';
import { addMessageToThread } from '../../features/chat/api/messages.ts';
import { documentKeys, MOVED_BY_POSTING } from '../../features/documents/api/keys.ts';
import { financeKeys } from '../../features/finance/api/keys.ts';
import {
  myBalanceQueryKey,
  stockEntriesQueryKey,
  stockExitsQueryKey,
} from '../../features/inventory/api/keys.ts';
import { notificationKeys } from '../../features/notifications/api/keys.ts';
import { applyNotificationEvent } from '../../features/notifications/api/notifications.ts';
import { offersKeys } from '../../features/offers/api/keys.ts';
import { reportKeys } from '../../features/reports/api/keys.ts';
import type { StreamEvent } from '../../lib/event-stream.ts';
import { tellProgress } from '../../lib/progress.ts';

const MessageEventSchema = z.object({ conversation_id: z.number(), message: ChatMessageSchema });
const ReadEventSchema = z.object({ conversation_id: z.number(), unread: z.number().optional() });
const NotificationEventSchema = z.object({ notification: NotificationSchema.optional(), unread: z.number() });
const OfferEventSchema = z.object({
  offer_id: z.number(),
  // DELETED: a draft its creator deleted.
  status: z.enum([...OFFER_STATUSES, 'DELETED']),
});
const BalanceEventSchema = z.object({ what: z.string().optional() });
// DESIGN.md section 19: a document of the user's department created, changed, posted or reversed
// (DELETED: a draft deleted).
const DocumentEventSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  id: z.number(),
  status: z.enum([...DOCUMENT_STATUSES, 'DELETED']),
});

export type LiveEvent =
  | ({ type: 'message' } & z.infer<typeof MessageEventSchema>)
  | ({ type: 'read' } & z.infer<typeof ReadEventSchema>)
  | ({ type: 'notification' } & z.infer<typeof NotificationEventSchema>)
  | ({ type: 'offer' } & z.infer<typeof OfferEventSchema>)
  | ({ type: 'balance' } & z.infer<typeof BalanceEventSchema>)
  | ({ type: 'document' } & z.infer<typeof DocumentEventSchema>)
  | ({ type: 'import' } & z.infer<typeof ImportProgressSchema>);

const SCHEMAS = {
  message: MessageEventSchema,
  read: ReadEventSchema,
  notification: NotificationEventSchema,
  offer: OfferEventSchema,
  balance: BalanceEventSchema,
  document: DocumentEventSchema,
  import: ImportProgressSchema,
} as const;

/** The event as the app knows it, or null for a type it does not know or data it cannot read. */
export function parseLiveEvent(event: StreamEvent): LiveEvent | null {
  if (!Object.hasOwn(SCHEMAS, event.type)) return null;
  const type = event.type as keyof typeof SCHEMAS;
  let json: unknown;
  try {
    json = JSON.parse(event.data);
  } catch {
    return null;
  }
  const parsed = SCHEMAS[type].safeParse(json);
  return parsed.success ? ({ type, ...parsed.data } as LiveEvent) : null;
}

/** What money moving changes: balances, transactions, and the dashboard and reports. */
const MONEY_KEYS: readonly QueryKey[] = [financeKeys.all, reportKeys.all];
/** What stock moving changes: my stock, the lots left of my entries, the reports. */
const STOCK_KEYS: readonly QueryKey[] = [myBalanceQueryKey, stockEntriesQueryKey, reportKeys.all];

/** The caches an event makes stale (each key a prefix: everything under it reloads if shown). */
export function staleKeysFor(event: LiveEvent): QueryKey[] {
  switch (event.type) {
    case 'message':
    case 'read':
      // The list's last message, order and unread counts (the sidebar's badge with them).
      return [chatKeys.conversations];
    case 'notification':
      // The event carries the list's change itself (applyNotificationEvent).
      return [];
    case 'offer': {
      // The Kirim/Chiqim tables and the offer's page; the offer's thread shows its status; the
      // dashboard counts pending offers. An approval moved money or stock between the parties.
      const keys: QueryKey[] = [offersKeys.all, chatKeys.conversations, reportKeys.all];
      if (event.status === 'APPROVED') keys.push(financeKeys.all, myBalanceQueryKey, stockEntriesQueryKey);
      return keys;
    }
    case 'document':
      // The kind's lists and cards; a posting or a reversal moved stock, money and debts.
      return event.status === 'POSTED' || event.status === 'REVERSED'
        ? [documentKeys.kind(event.kind), ...MOVED_BY_POSTING]
        : [documentKeys.kind(event.kind)];
    case 'import':
      // A long import's progress, for the page that follows it (tellProgress): no cache changes.
      return [];
    case 'balance':
      if (event.what === 'money') return [...MONEY_KEYS];
      if (event.what === 'stock') return [...STOCK_KEYS];
      return [...MONEY_KEYS, ...STOCK_KEYS];
  }
}

/**
 * Everything a live event can change, for a stream that reconnected without Last-Event-ID (it
 * had seen no event yet, so the server cannot replay what it missed).
 */
export const ALL_LIVE_KEYS: readonly QueryKey[] = [
  chatKeys.all,
  notificationKeys.all,
  offersKeys.all,
  financeKeys.all,
  myBalanceQueryKey,
  stockEntriesQueryKey,
  stockExitsQueryKey,
  reportKeys.all,
  documentKeys.all,
];

/** Applies one event to the caches: a new message into its open thread, the bell, then the rest. */
export function applyLiveEvent(client: QueryClient, event: LiveEvent): void {
  if (event.type === 'message') addMessageToThread(client, event.message);
  if (event.type === 'notification') applyNotificationEvent(client, event);
  if (event.type === 'import') tellProgress(event);
  for (const queryKey of dedupeKeys(staleKeysFor(event))) void client.invalidateQueries({ queryKey });
}

function dedupeKeys(keys: readonly QueryKey[]): QueryKey[] {
  const seen = new Set<string>();
  return keys.filter((k) => {
    const id = JSON.stringify(k);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
