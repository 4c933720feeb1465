import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent, type LiveEvent, parseLiveEvent, staleKeysFor } from './live-events.ts';

const message = {
  id: 11,
  conversation: 4,
  sender: { id: 1, email: 'kassir@demo.uz', first_name: 'Dilnoza', last_name: 'Karimova' },
  text: 'Salom',
  created_at: '2025-11-21T10:00:00Z',
};

const notification = {
  id: 5,
  kind: 'CHAT_MESSAGE',
  title: 'Yangi xabar: Dilnoza Karimova',
  body: 'Salom',
  entity: 'conversation',
  entity_id: 4,
  read_at: null,
  created_at: '2025-11-21T10:00:00.000+00:00',
};

const raw = (type: string, data: unknown) => ({ type, id: '1', data: JSON.stringify(data) });

describe('parseLiveEvent', () => {
  it('reads the five types the server sends', () => {
    expect(parseLiveEvent(raw('message', { conversation_id: 4, message }))).toMatchObject({
      type: 'message',
      conversation_id: 4,
    });
    expect(
      parseLiveEvent(raw('read', { conversation_id: 4, last_read_message_id: 11, unread: 0 })),
    ).toMatchObject({
      type: 'read',
    });
    expect(parseLiveEvent(raw('notification', { notification, unread: 2 }))).toMatchObject({
      type: 'notification',
      unread: 2,
    });
    expect(parseLiveEvent(raw('notification', { unread: 0 }))).toEqual({ type: 'notification', unread: 0 });
    expect(parseLiveEvent(raw('offer', { offer_id: 3, status: 'DELETED' }))).toEqual({
      type: 'offer',
      offer_id: 3,
      status: 'DELETED',
    });
    expect(parseLiveEvent(raw('balance', { what: 'money' }))).toEqual({ type: 'balance', what: 'money' });
  });

  it('ignores a type it does not know and data it cannot read', () => {
    expect(parseLiveEvent(raw('toString', {}))).toBeNull();
    expect(parseLiveEvent(raw('something', {}))).toBeNull();
    expect(parseLiveEvent({ type: 'offer', id: '1', data: 'not json' })).toBeNull();
    expect(parseLiveEvent(raw('offer', { offer_id: 'x' }))).toBeNull();
  });
});

const keysOf = (event: LiveEvent) => staleKeysFor(event).map((k) => k.join('/'));

describe('staleKeysFor', () => {
  it('a message or a read refreshes the conversation list (and the sidebar badge with it)', () => {
    expect(keysOf({ type: 'message', conversation_id: 4, message })).toEqual(['chat/conversations']);
    expect(keysOf({ type: 'read', conversation_id: 4 })).toEqual(['chat/conversations']);
  });

  it('an offer refreshes the offer tables and the dashboard; an approval the balances and stock too', () => {
    expect(keysOf({ type: 'offer', offer_id: 1, status: 'PENDING' })).toEqual([
      'offers',
      'chat/conversations',
      'reports',
    ]);
    expect(keysOf({ type: 'offer', offer_id: 1, status: 'APPROVED' })).toEqual([
      'offers',
      'chat/conversations',
      'reports',
      'finance',
      'inventory/my-balance',
      'inventory/entries',
    ]);
  });

  it('a balance change refreshes money, stock, or both when it does not say', () => {
    expect(keysOf({ type: 'balance', what: 'money' })).toEqual(['finance', 'reports']);
    expect(keysOf({ type: 'balance', what: 'stock' })).toEqual([
      'inventory/my-balance',
      'inventory/entries',
      'reports',
    ]);
    expect(keysOf({ type: 'balance' })).toContain('finance');
    expect(keysOf({ type: 'balance' })).toContain('inventory/my-balance');
  });
});

describe('applyLiveEvent', () => {
  function clientWith(entries: Array<[readonly unknown[], unknown]>) {
    const client = new QueryClient();
    for (const [key, data] of entries) client.setQueryData(key, data);
    return client;
  }

  it('appends a message to its loaded thread without asking the server, and marks the list stale', () => {
    const client = clientWith([
      [
        ['chat', 'messages', 4],
        { pages: [{ conversation: 4, results: [], has_more: false }], pageParams: [null] },
      ],
      [['chat', 'conversations'], { pages: [], pageParams: [] }],
    ]);
    applyLiveEvent(client, { type: 'message', conversation_id: 4, message });
    const thread = client.getQueryData<{ pages: Array<{ results: Array<{ id: number }> }> }>([
      'chat',
      'messages',
      4,
    ]);
    expect(thread?.pages[0]?.results.map((m) => m.id)).toEqual([11]);
    expect(client.getQueryState(['chat', 'messages', 4])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['chat', 'conversations'])?.isInvalidated).toBe(true);
  });

  it("puts a notification on the bell's list with the new count", () => {
    const client = clientWith([
      [
        ['notifications', 'list'],
        { pages: [{ count: 0, next: null, previous: null, results: [], unread: 0 }], pageParams: [1] },
      ],
    ]);
    const event = parseLiveEvent(raw('notification', { notification, unread: 1 }));
    if (!event) throw new Error('unreadable');
    applyLiveEvent(client, event);
    const list = client.getQueryData<{ pages: Array<{ unread: number; results: Array<{ id: number }> }> }>([
      'notifications',
      'list',
    ]);
    expect(list?.pages[0]?.unread).toBe(1);
    expect(list?.pages[0]?.results.map((n) => n.id)).toEqual([5]);
  });

  it('an approval marks the balances, stock and dashboard stale, and leaves the catalogue alone', () => {
    const client = clientWith([
      [['finance', 'balances', 'my-user'], []],
      [['inventory', 'my-balance'], []],
      [['reports', 'dashboard', {}], {}],
      [['offers', 'incomes'], []],
      [['catalog', 'products', 'ALL'], []],
    ]);
    applyLiveEvent(client, { type: 'offer', offer_id: 1, status: 'APPROVED' });
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['finance', 'balances', 'my-user'])).toBe(true);
    expect(stale(['inventory', 'my-balance'])).toBe(true);
    expect(stale(['reports', 'dashboard', {}])).toBe(true);
    expect(stale(['offers', 'incomes'])).toBe(true);
    expect(stale(['catalog', 'products', 'ALL'])).toBe(false);
  });
});

describe('a conversation read', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends nothing itself: the server reads its notifications and tells the bell in an event of its own', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyLiveEvent(client, { type: 'read', conversation_id: 4, unread: 0 });
    expect(fetch).not.toHaveBeenCalled();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['chat', 'conversations']]);
  });
});

describe('document events (DESIGN.md section 19)', () => {
  it('refresh the kind, and with a posting or a reversal what it moved', () => {
    const posted = parseLiveEvent(raw('document', { kind: 'SALE', id: 7, status: 'POSTED' }));
    expect(posted).toMatchObject({ type: 'document', kind: 'SALE', id: 7, status: 'POSTED' });
    const keys = staleKeysFor(posted as LiveEvent).map((k) => JSON.stringify(k));
    expect(keys).toEqual(
      expect.arrayContaining(['["documents","SALE"]', '["finance"]', '["debts"]', '["inventory"]']),
    );
    const draft = staleKeysFor({ type: 'document', kind: 'PURCHASE', id: 8, status: 'DRAFT' });
    expect(draft).toEqual([['documents', 'PURCHASE']]);
    expect(parseLiveEvent(raw('document', { kind: 'SALE', id: 7, status: 'LOST' }))).toBeNull();
  });
});
