import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database, Listen } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';

// Live updates (DESIGN.md section 13). What happens to a user is written as an `events` row in the
// transaction that makes it happen (`publish`); when that transaction commits, PostgreSQL
// announces the new ids on the `app_events` channel (db/functions/85_events.sql). Every server
// process listens on one connection (`EventHub`), reads the announced rows once and hands each to
// the streams its user has open in that process (modules/events). A stream that reconnects with
// Last-Event-ID is given what it missed from the table, which keeps a day of events.

/** What a stream is told: the web app refreshes what each type concerns. */
export type EventType =
  /** A chat message in one of the user's conversations: {conversation_id, message}. */
  | 'message'
  /** A conversation the user has read up to a message (on another tab): {conversation_id}. */
  | 'read'
  /** A new notification, or some read: {notification?, unread}. */
  | 'notification'
  /**
   * An offer the user is a party to was created, changed, submitted, decided or deleted:
   * {offer_id, status}. Written by the offers' triggers (db/functions/85_events.sql), so every
   * path that changes an offer tells; an approval moves balances, which the web app reloads.
   */
  | 'offer'
  /** Someone else changed the user's money or stock outside an offer (an adjustment): {what}. */
  | 'balance'
  /** The user's long import read or posted more rows (DESIGN.md section 17): ImportProgress. */
  | 'import'
  /** A document of the user's department was created, changed, posted, reversed or deleted: {kind, id, status}. */
  | 'document';

export interface AppEvent {
  userId: number;
  type: EventType;
  data: Record<string, unknown>;
}

/** An event as a stream sends it. */
export interface StoredEvent {
  id: number;
  user_id: number;
  type: EventType;
  data: unknown;
}

export const EVENTS_CHANNEL = 'app_events';

/** How long events stay for a reconnecting stream. */
export const EVENT_RETENTION = '1 day';

/**
 * Writes events of users of the business in the caller's transaction; they reach the streams
 * when it commits.
 */
export async function publish(
  trx: Kysely<DB> | Transaction<DB>,
  businessId: number,
  events: readonly AppEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('events')
    .values(
      events.map((e) => ({
        business_id: businessId,
        user_id: e.userId,
        type: e.type,
        data: JSON.stringify(e.data),
      })),
    )
    .execute();
}

type Subscriber = (event: StoredEvent) => void;

/**
 * The process's side of live updates: one LISTEN, and the open streams by user. An announced id
 * is read once (one query per notification, for every user with a stream here) however many
 * streams its user has open.
 */
export class EventHub {
  private readonly byUser = new Map<number, Set<Subscriber>>();
  private stopListening: (() => Promise<void>) | null = null;
  /** The highest id delivered, to catch up after the listener reconnects. */
  private lastId = 0;
  private delivering: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly onError: (err: unknown) => void,
  ) {}

  async start(listen: Listen): Promise<void> {
    this.stopListening = await listen(
      EVENTS_CHANNEL,
      (payload) => this.enqueue(() => this.deliverIds(payload)),
      () => this.enqueue(() => this.catchUp()),
    );
    const { rows } = await sql<{ id: number | null }>`SELECT max(id) AS id FROM events`.execute(this.db);
    this.lastId = rows[0]?.id ?? 0;
  }

  /** Streams open in this process. */
  get streams(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  subscribe(userId: number, subscriber: Subscriber): () => void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  /** The user's events after `afterId` that are still kept, oldest first. */
  async replay(userId: number, afterId: number): Promise<StoredEvent[]> {
    const { rows } = await sql<StoredEvent>`
      SELECT id, user_id, type, data FROM event_views
      WHERE user_id = ${userId} AND id > ${afterId} AND created_at > now() - ${EVENT_RETENTION}::interval
      ORDER BY id LIMIT 1000`.execute(this.db);
    return rows;
  }

  /** Deletes the events older than the retention (run now and then by the server). */
  async prune(): Promise<void> {
    await sql`DELETE FROM events WHERE created_at < now() - ${EVENT_RETENTION}::interval`.execute(this.db);
  }

  async close(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
    await this.delivering;
  }

  /** One delivery at a time, in the order the notifications came. */
  private enqueue(work: () => Promise<void>): void {
    this.delivering = this.delivering.then(work).catch(this.onError);
  }

  private async deliverIds(payload: string): Promise<void> {
    const ids = payload
      .split(',')
      .map((s) => Number.parseInt(s, 10))
      .filter((n) => Number.isSafeInteger(n));
    const users = [...this.byUser.keys()];
    if (ids.length === 0) return;
    this.lastId = Math.max(this.lastId, ...ids);
    if (users.length === 0) return;
    const { rows } = await sql<StoredEvent>`
      SELECT id, user_id, type, data FROM event_views
      WHERE id = ANY(${ids}::bigint[]) AND user_id = ANY(${users}::int[])
      ORDER BY id`.execute(this.db);
    this.dispatch(rows);
  }

  /** After a reconnect: what was committed meanwhile, for the users with a stream here. */
  private async catchUp(): Promise<void> {
    const users = [...this.byUser.keys()];
    if (users.length === 0) return;
    const { rows } = await sql<StoredEvent>`
      SELECT id, user_id, type, data FROM event_views
      WHERE id > ${this.lastId} AND user_id = ANY(${users}::int[])
      ORDER BY id`.execute(this.db);
    this.dispatch(rows);
  }

  private dispatch(rows: StoredEvent[]): void {
    for (const row of rows) {
      this.lastId = Math.max(this.lastId, row.id);
      for (const subscriber of this.byUser.get(row.user_id) ?? []) subscriber(row);
    }
  }
}
