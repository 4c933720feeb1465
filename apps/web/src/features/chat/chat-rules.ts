import {
  CHAT_MESSAGE_MAX,
  type ChatMessage,
  type ChatMessagePage,
  type ChatUser,
  type Conversation,
  type ConversationPage,
  chatLength,
} from '@app/shared';
import type { InfiniteData } from '@tanstack/react-query';
import type { Translate } from '../../i18n/useT.ts';
import { formatDate, formatDayMonth } from '../../lib/format.ts';

// Pure rules of the chat page (DESIGN.md section 13), tested beside: the caches' shapes, titles,
// previews, times and the composer's limit.

/** A thread in the cache: pages of 50, newest first, each page older than the one before. */
export type ThreadData = InfiniteData<ChatMessagePage>;
/** The conversation list in the cache: pages of 50, newest activity first. */
export type ConversationsData = InfiniteData<ConversationPage>;

/** The thread's messages, oldest first, each once. */
export function threadMessages(data: ThreadData | undefined): ChatMessage[] {
  if (!data) return [];
  const byId = new Map<number, ChatMessage>();
  for (const page of data.pages) for (const m of page.results) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The thread with `message` in it (one the stream told of, or the answer to my own send), once:
 * the stream and the answer both bring a message I send. Messages are numbered in the order they
 * were committed, so the newest page stays sorted newest first.
 */
export function withMessage(data: ThreadData, message: ChatMessage): ThreadData {
  if (data.pages.some((page) => page.results.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const results = [message, ...first.results].sort((a, b) => b.id - a.id);
  return { ...data, pages: [{ ...first, results }, ...rest] };
}

/** The conversations of every page loaded, each once (a page can shift while more are loaded). */
export function conversationsOf(data: ConversationsData | undefined): Conversation[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: Conversation[] = [];
  for (const page of data.pages) {
    for (const c of page.results) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
}

/** Unread messages in all my conversations: the sidebar's badge. */
export function unreadTotalOf(data: ConversationsData | undefined): number {
  return data?.pages[0]?.unread_total ?? 0;
}

/** The list after I have read a conversation: its `unread` as the server answered, the total too. */
export function withRead(data: ConversationsData, conversationId: number, unread: number): ConversationsData {
  let delta = 0;
  const pages = data.pages.map((page) => ({
    ...page,
    results: page.results.map((c) => {
      if (c.id !== conversationId || c.unread === unread) return c;
      delta = unread - c.unread;
      return { ...c, unread };
    }),
  }));
  if (delta === 0) return data;
  const [first, ...rest] = pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, unread_total: Math.max(0, first.unread_total + delta) }, ...rest] };
}

export function personName(user: Pick<ChatUser, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** The list's and the thread's title: the other person, or 'Taklif #N' for an offer's thread. */
export function conversationTitle(
  c: Pick<Conversation, 'kind' | 'offer' | 'other_members'>,
  t: Translate,
): string {
  if (c.kind === 'OFFER' && c.offer) return t('chat.conversation.offer', { id: String(c.offer.id) });
  const names = c.other_members.map(personName);
  return names.length > 0 ? names.join(', ') : t('chat.conversation.untitled');
}

/** The line under the title: the other person of an offer's thread, the e-mail of a direct one. */
export function conversationSubtitle(c: Pick<Conversation, 'kind' | 'other_members'>): string {
  if (c.kind === 'OFFER') return c.other_members.map(personName).join(', ');
  const emails = c.other_members.map((u) => u.email);
  const title = c.other_members.map(personName);
  return emails.join(', ') === title.join(', ') ? '' : emails.join(', ');
}

/** The last message in one line, 'Siz: ' before my own; '' when there is none. */
export function messagePreview(
  c: Pick<Conversation, 'last_message'>,
  me: number | undefined,
  t: Translate,
): string {
  const m = c.last_message;
  if (!m) return '';
  const line = m.text.replace(/\s+/g, ' ').trim();
  return m.sender.id === me ? t('chat.preview.mine', { text: line }) : line;
}

const pad = (n: number) => String(n).padStart(2, '0');

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** A message's clock time, HH:MM (local). */
export function clockTime(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The list's time: HH:MM today, 'Kecha' yesterday, else '21 Noy' (with the year when not this one). */
export function listTime(value: string, t: Translate, now: Date = new Date()): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const days = Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
  if (days <= 0) return clockTime(value);
  if (days === 1) return t('chat.date.yesterday');
  return d.getFullYear() !== now.getFullYear() ? formatDate(d) : formatDayMonth(d);
}

/** The day a run of messages was written on: 'Bugun', 'Kecha', else '21 Noy 2025'. */
export function dayLabel(value: string, t: Translate, now: Date = new Date()): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const days = Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
  if (days <= 0) return t('chat.date.today');
  if (days === 1) return t('chat.date.yesterday');
  return formatDate(d);
}

/** The key of a message's local day, to draw a divider where the day changes. */
export function dayKey(value: string): string {
  const d = new Date(value);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

export type DraftState =
  | { ok: true; length: number }
  | { ok: false; length: number; reason: 'empty' | 'too-long' };

/**
 * Whether the composer may send `text`: not only whitespace, at most 4,000 characters counted as
 * the server counts them (code points: an emoji is one), the same rule as ChatTextSchema.
 */
export function draftState(text: string): DraftState {
  const length = chatLength(text);
  if (text.trim().length === 0) return { ok: false, length, reason: 'empty' };
  if (length > CHAT_MESSAGE_MAX) return { ok: false, length, reason: 'too-long' };
  return { ok: true, length };
}
