import 'fake-indexeddb/auto';
import type { SaleCreate } from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { type DeviceDb, openDeviceDb, type QueuedSale } from './device-db.ts';
import {
  type DraftResult,
  dismissReturned,
  type ExclusiveLock,
  enqueueSale,
  flushQueue,
  returnedSales,
  type Sender,
  type SendResult,
  waitingSales,
} from './sale-queue.ts';

let opened: DeviceDb[] = [];
let n = 0;
function freshDb(): DeviceDb {
  const db = openDeviceDb(`queue-test-${n++}`);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened) await db.delete();
  opened = [];
});

const body = (variant: number): SaleCreate => ({
  lines: [{ variant, qty: '1', price: '1000.00' }],
  payment: { cash: [{ currency: 1, amount: '1000.00' }], on_credit: '0', due_date: null },
});
const sale = (key: string, user = 7, variant = 1) => ({
  key,
  draft_key: `${key}-draft`,
  user,
  body: body(variant),
  total: '1000.00',
  currency_code: 'UZS',
});

/** A server: posts what it is given, refusing the keys in `refuse`; `down` answers nothing. */
function fakeServer(opts: { refuse?: string[]; down?: boolean; downAfter?: number } = {}) {
  const posted: string[] = [];
  const drafts: Array<{ key: string; note: string }> = [];
  let calls = 0;
  const sender: Sender = {
    async post(s: QueuedSale): Promise<SendResult> {
      calls += 1;
      if (opts.down || (opts.downAfter !== undefined && calls > opts.downAfter))
        return { kind: 'unreachable' };
      if (opts.refuse?.includes(s.key)) return { kind: 'refused', reason: 'SKU-1: 0 left' };
      // The Idempotency-Key: a key posted before is answered again, not posted again.
      if (!posted.includes(s.key)) posted.push(s.key);
      return { kind: 'posted' };
    },
    async draft(s: QueuedSale, reason: string): Promise<DraftResult> {
      if (!drafts.some((d) => d.key === s.draft_key)) drafts.push({ key: s.draft_key, note: reason });
      return { kind: 'created', id: 100 + drafts.length, number: `S-${drafts.length}` };
    },
  };
  return { sender, posted, drafts };
}

describe('the offline sales queue (DESIGN.md section 23)', () => {
  it('keeps each sale with its own key and sends them oldest first, each once', async () => {
    const db = freshDb();
    for (const k of ['a', 'b', 'c']) await enqueueSale(db, sale(k));
    expect((await waitingSales(db, 7)).map((s) => s.key)).toEqual(['a', 'b', 'c']);
    const server = fakeServer();
    expect(await flushQueue(db, 7, server.sender)).toEqual({ posted: 3, returned: 0, waiting: 0 });
    expect(server.posted).toEqual(['a', 'b', 'c']);
    expect(await waitingSales(db, 7)).toEqual([]);
  });

  it('keeps the queue while the server cannot be reached, and stops so no sale overtakes another', async () => {
    const db = freshDb();
    for (const k of ['a', 'b', 'c']) await enqueueSale(db, sale(k));
    const server = fakeServer({ downAfter: 1 });
    expect(await flushQueue(db, 7, server.sender)).toEqual({ posted: 1, returned: 0, waiting: 2 });
    expect((await waitingSales(db, 7)).map((s) => s.key)).toEqual(['b', 'c']);
    expect(await flushQueue(db, 7, fakeServer().sender)).toMatchObject({ posted: 2, waiting: 0 });
  });

  it('gives a refused sale back as a draft with the reason, and sends the rest', async () => {
    const db = freshDb();
    for (const k of ['a', 'b', 'c']) await enqueueSale(db, sale(k));
    const server = fakeServer({ refuse: ['b'] });
    expect(await flushQueue(db, 7, server.sender)).toEqual({ posted: 2, returned: 1, waiting: 0 });
    expect(server.posted).toEqual(['a', 'c']);
    expect(server.drafts).toEqual([{ key: 'b-draft', note: 'SKU-1: 0 left' }]);
    const back = await returnedSales(db, 7);
    expect(back).toMatchObject([{ key: 'b', reason: 'SKU-1: 0 left', draft: { id: 101, number: 'S-1' } }]);
    expect(back[0]?.body).toEqual(body(1));
    await dismissReturned(db, 'b');
    expect(await returnedSales(db, 7)).toEqual([]);
  });

  it('keeps a refused sale on the device when its draft is refused too', async () => {
    const db = freshDb();
    await enqueueSale(db, sale('a'));
    const { sender } = fakeServer({ refuse: ['a'] });
    const refusing: Sender = { post: sender.post, draft: async () => ({ kind: 'refused' }) };
    await flushQueue(db, 7, refusing);
    expect(await returnedSales(db, 7)).toMatchObject([{ key: 'a', draft: null, body: body(1) }]);
  });

  it('sends only the signed-in user’s sales', async () => {
    const db = freshDb();
    await enqueueSale(db, sale('mine', 7));
    await enqueueSale(db, sale('theirs', 8));
    const server = fakeServer();
    await flushQueue(db, 7, server.sender);
    expect(server.posted).toEqual(['mine']);
    expect((await waitingSales(db, 8)).map((s) => s.key)).toEqual(['theirs']);
  });

  it('two tabs flushing at once send each sale once', async () => {
    const db = freshDb();
    for (const k of ['a', 'b', 'c']) await enqueueSale(db, sale(k));
    // The Web Locks API, as two tabs see it: one holder at a time.
    let tail: Promise<unknown> = Promise.resolve();
    const lock: ExclusiveLock = (task) => {
      const run = tail.then(task);
      tail = run.catch(() => undefined);
      return run;
    };
    const sent: string[] = [];
    const sender: Sender = {
      post: async (s) => {
        sent.push(s.key);
        return { kind: 'posted' };
      },
      draft: async () => ({ kind: 'refused' }),
    };
    await Promise.all([flushQueue(db, 7, sender, lock), flushQueue(db, 7, sender, lock)]);
    expect(sent).toEqual(['a', 'b', 'c']);
  });
});
