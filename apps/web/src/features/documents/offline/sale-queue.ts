import type { DeviceDb, QueuedSale, ReturnedSale } from './device-db.ts';

// The offline sales queue (DESIGN.md section 23, docs/offline.md "The queue"): each sale made
// without a connection is kept in IndexedDB with its own UUID and sent, oldest first, when the
// connection returns. Sent twice it is posted once (its UUID is its Idempotency-Key); refused
// (stock gone meanwhile) it comes back as a draft with the reason and leaves the queue. The
// network calls are the caller's (`Sender`), so the rules are tested without a server.

/** What became of one attempt to post a queued sale. */
export type SendResult =
  | { kind: 'posted' }
  /** The server answered no (4xx): the sale will not post as it is. */
  | { kind: 'refused'; reason: string }
  /** No answer that settles it (offline, a 5xx, the session to renew): keep it and stop. */
  | { kind: 'unreachable' };

export type DraftResult =
  | { kind: 'created'; id: number; number: string }
  | { kind: 'refused' }
  | { kind: 'unreachable' };

export interface Sender {
  /** POST api/sales/?post=true with the sale's key. */
  post(sale: QueuedSale): Promise<SendResult>;
  /** POST api/sales/ (a draft) with the same lines, the reason in its note, the sale's draft key. */
  draft(sale: QueuedSale, reason: string): Promise<DraftResult>;
}

/** Runs `task` alone among this origin's tabs (the Web Locks API), or directly where it is missing. */
export type ExclusiveLock = <T>(task: () => Promise<T>) => Promise<T>;

export const webLock: ExclusiveLock = <T>(task: () => Promise<T>) =>
  typeof navigator !== 'undefined' && navigator.locks
    ? (navigator.locks.request('sales-queue', task) as Promise<T>)
    : task();

/** A sale as the counter hands it to the queue: the queue numbers and dates it. */
export type NewSale = Omit<QueuedSale, 'seq' | 'created_at'>;

/** Puts a sale at the end of the queue. */
export async function enqueueSale(db: DeviceDb, sale: NewSale, now = new Date()): Promise<void> {
  await db.queue.add({ ...sale, created_at: now.toISOString() });
}

/** The user's sales waiting to be sent, oldest first. */
export async function waitingSales(db: DeviceDb, user: number): Promise<QueuedSale[]> {
  return (await db.queue.where('user').equals(user).sortBy('seq')) as QueuedSale[];
}

/** The user's refused sales, newest first. */
export async function returnedSales(db: DeviceDb, user: number): Promise<ReturnedSale[]> {
  const rows = await db.returned.where('user').equals(user).sortBy('created_at');
  return rows.reverse();
}

/** The seller has read a refused sale's reason: it leaves the device's list (its draft stays). */
export async function dismissReturned(db: DeviceDb, key: string): Promise<void> {
  await db.returned.delete(key);
}

export interface FlushSummary {
  posted: number;
  returned: number;
  /** Still waiting (the connection went away again, or the session must be renewed). */
  waiting: number;
}

/** Takes a refused sale out of the queue and keeps it, with its reason and its draft, in one step. */
async function giveBack(db: DeviceDb, sale: QueuedSale, reason: string, draft: DraftResult) {
  const { seq: _seq, key, user, body, total, currency_code, created_at } = sale;
  const row: ReturnedSale = {
    key,
    user,
    reason,
    draft: draft.kind === 'created' ? { id: draft.id, number: draft.number } : null,
    body,
    total,
    currency_code,
    created_at,
  };
  await db.transaction('rw', db.queue, db.returned, async () => {
    await db.returned.put(row);
    await db.queue.where('key').equals(key).delete();
  });
}

/**
 * Sends the user's queue in order, one sale at a time, under the `sales-queue` lock so two tabs
 * never send at once (the key makes a resend harmless anyway). Stops at the first sale that gets
 * no settling answer, so a later sale never overtakes an earlier one.
 */
export function flushQueue(
  db: DeviceDb,
  user: number,
  sender: Sender,
  lock: ExclusiveLock = webLock,
): Promise<FlushSummary> {
  return lock(async () => {
    const summary: FlushSummary = { posted: 0, returned: 0, waiting: 0 };
    for (const sale of await waitingSales(db, user)) {
      // Another tab may have sent it between our read and the lock's turn.
      if (!(await db.queue.where('key').equals(sale.key).count())) continue;
      const sent = await sender.post(sale);
      if (sent.kind === 'unreachable') break;
      if (sent.kind === 'posted') {
        await db.queue.where('key').equals(sale.key).delete();
        summary.posted += 1;
        continue;
      }
      const draft = await sender.draft(sale, sent.reason);
      if (draft.kind === 'unreachable') break;
      await giveBack(db, sale, sent.reason, draft);
      summary.returned += 1;
    }
    summary.waiting = await db.queue.where('user').equals(user).count();
    return summary;
  });
}
