import type { ChatMessage, Conversation, ConversationPage } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyUzbekDates, uzText } from '../../i18n/testing.ts';
import type { Translate } from '../../i18n/useT.ts';
import {
  type ConversationsData,
  conversationSubtitle,
  conversationsOf,
  conversationTitle,
  dayLabel,
  draftState,
  listTime,
  messagePreview,
  type ThreadData,
  threadMessages,
  unreadTotalOf,
  withMessage,
  withRead,
} from './chat-rules.ts';

beforeAll(applyUzbekDates);

/** The texts as the Uzbek catalogue has them. */
const t: Translate = (key, values) => uzText(key, values as Record<string, string | number> | undefined);

const ali = { id: 1, email: 'ali@demo.uz', first_name: 'Ali', last_name: 'Valiyev' };
const vali = { id: 2, email: 'vali@demo.uz', first_name: '', last_name: '' };

const msg = (id: number, text = `m${id}`, sender = ali): ChatMessage => ({
  id,
  conversation: 9,
  sender,
  text,
  created_at: '2025-11-21T10:00:00Z',
});

const thread = (...pages: number[][]): ThreadData => ({
  pages: pages.map((ids, i) => ({
    conversation: 9,
    results: ids.map((id) => msg(id)),
    has_more: i < pages.length - 1,
  })),
  pageParams: pages.map((_ids, i) => (i === 0 ? undefined : pages[i - 1]?.at(-1))),
});

const conversation = (over: Partial<Conversation>): Conversation => ({
  id: 1,
  kind: 'DIRECT',
  other_members: [ali],
  offer: null,
  last_message: null,
  unread: 0,
  created_at: '2025-11-21T10:00:00Z',
  ...over,
});

const list = (pages: Conversation[][], unreadTotal: number): ConversationsData => ({
  pages: pages.map(
    (results, i): ConversationPage => ({
      count: 0,
      next: null,
      previous: null,
      results,
      unread_total: i === 0 ? unreadTotal : 0,
    }),
  ),
  pageParams: pages.map((_, i) => i + 1),
});

describe('threadMessages', () => {
  it('puts every page oldest first, each message once', () => {
    expect(threadMessages(thread([5, 4, 3], [3, 2, 1])).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(threadMessages(undefined)).toEqual([]);
  });
});

describe('withMessage', () => {
  it('adds a new message to the newest page, newest first', () => {
    const next = withMessage(thread([5, 4], [3]), msg(6));
    expect(next.pages[0]?.results.map((m) => m.id)).toEqual([6, 5, 4]);
    expect(next.pages[1]?.results.map((m) => m.id)).toEqual([3]);
  });

  it('keeps the order when two arrive out of order, and adds a message once', () => {
    const once = withMessage(withMessage(thread([5]), msg(7)), msg(6));
    expect(once.pages[0]?.results.map((m) => m.id)).toEqual([7, 6, 5]);
    const data = thread([5, 4]);
    expect(withMessage(data, msg(4))).toBe(data);
  });

  it('fills an empty thread', () => {
    expect(withMessage(thread([]), msg(1)).pages[0]?.results.map((m) => m.id)).toEqual([1]);
  });
});

describe('the conversation list', () => {
  it('reads each conversation once and the unread total from the first page', () => {
    const data = list([[conversation({ id: 1 }), conversation({ id: 2 })], [conversation({ id: 2 })]], 4);
    expect(conversationsOf(data).map((c) => c.id)).toEqual([1, 2]);
    expect(unreadTotalOf(data)).toBe(4);
    expect(unreadTotalOf(undefined)).toBe(0);
  });

  it('after a read, the conversation and the total drop by what was read', () => {
    const data = list([[conversation({ id: 1, unread: 3 }), conversation({ id: 2, unread: 2 })]], 5);
    const next = withRead(data, 1, 0);
    expect(conversationsOf(next).map((c) => c.unread)).toEqual([0, 2]);
    expect(unreadTotalOf(next)).toBe(2);
    expect(withRead(next, 1, 0)).toBe(next);
    expect(withRead(data, 99, 0)).toBe(data);
  });
});

describe('titles and previews', () => {
  it("names the other person, or the offer of an offer's thread", () => {
    expect(conversationTitle(conversation({}), t)).toBe('Ali Valiyev');
    expect(conversationTitle(conversation({ other_members: [vali] }), t)).toBe('vali@demo.uz');
    const offer = conversation({ kind: 'OFFER', offer: { id: 12, kind: 'MONEY', status: 'PENDING' } });
    expect(conversationTitle(offer, t)).toBe('Taklif #12');
    expect(conversationSubtitle(offer)).toBe('Ali Valiyev');
    expect(conversationSubtitle(conversation({}))).toBe('ali@demo.uz');
    expect(conversationSubtitle(conversation({ other_members: [vali] }))).toBe('');
  });

  it('shows the last message on one line, mine after "Siz:"', () => {
    const c = conversation({ last_message: msg(3, 'Salom\n  dunyo', ali) });
    expect(messagePreview(c, 2, t)).toBe('Salom dunyo');
    expect(messagePreview(c, 1, t)).toBe('Siz: Salom dunyo');
    expect(messagePreview(conversation({}), 1, t)).toBe('');
  });
});

describe('times', () => {
  const now = new Date(2025, 10, 21, 15, 30);
  it('shows the clock today, Kecha yesterday, else the day and month', () => {
    expect(listTime(new Date(2025, 10, 21, 9, 5).toISOString(), t, now)).toBe('09:05');
    expect(listTime(new Date(2025, 10, 20, 23, 59).toISOString(), t, now)).toBe('Kecha');
    expect(listTime(new Date(2025, 10, 2, 8, 0).toISOString(), t, now)).toBe('02 Noy');
    expect(listTime(new Date(2024, 0, 2, 8, 0).toISOString(), t, now)).toBe('02 Yan 2024');
  });

  it('names the day of a run of messages', () => {
    expect(dayLabel(new Date(2025, 10, 21, 0, 1).toISOString(), t, now)).toBe('Bugun');
    expect(dayLabel(new Date(2025, 10, 20, 12, 0).toISOString(), t, now)).toBe('Kecha');
    expect(dayLabel(new Date(2025, 7, 5, 12, 0).toISOString(), t, now)).toBe('05 Avg 2025');
  });
});

describe('draftState', () => {
  it('refuses only whitespace, and more than 4,000 characters as the server counts them', () => {
    expect(draftState('')).toEqual({ ok: false, length: 0, reason: 'empty' });
    expect(draftState(' \n ')).toEqual({ ok: false, length: 3, reason: 'empty' });
    expect(draftState('x'.repeat(4000))).toEqual({ ok: true, length: 4000 });
    expect(draftState('x'.repeat(4001))).toEqual({ ok: false, length: 4001, reason: 'too-long' });
    // An emoji is one character (a code point), not two UTF-16 units.
    expect(draftState('😀'.repeat(4000))).toEqual({ ok: true, length: 4000 });
  });
});
