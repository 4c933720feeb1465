import type { ChatMessage, Conversation } from '@app/shared';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { generatePath, Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail, fieldErrors, isNotFound } from '../../../lib/api-client.ts';
import { useMarkConversationRead } from '../api/mark-read.ts';
import { useMessages } from '../api/messages.ts';
import { useSendMessage } from '../api/send-message.ts';
import { conversationSubtitle, conversationTitle, personName, threadMessages } from '../chat-rules.ts';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';

export interface ThreadProps {
  conversationId: number;
  /** The conversation as the list has it; absent for a thread not on the list (an offer's new one). */
  summary: Conversation | undefined;
  /** A title to show when the list does not have the conversation (given by the page that linked here). */
  fallbackTitle: string | undefined;
  me: number | undefined;
}

/** The right pane: the conversation's header, its messages and the composer. */
export function Thread({ conversationId, summary, fallbackTitle, me }: ThreadProps) {
  const t = useT();
  const messages = useMessages(conversationId);
  const send = useSendMessage(conversationId);
  const [sendError, setSendError] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const items = threadMessages(messages.data);
  const newest = items.at(-1);

  useMarkReadWhileOpen(conversationId, newest, me);

  async function onSend(text: string) {
    setSendError(null);
    try {
      await send.mutateAsync(text);
      // My own message: bring the bottom into view (0 is the bottom of a reversed column).
      scrollRef.current?.scrollTo({ top: 0 });
    } catch (err) {
      setSendError(errorDetail(err) ?? fieldErrors(err).text ?? t('chat.thread.sendFailed'));
      throw err;
    }
  }

  const other = items.find((m) => m.sender.id !== me)?.sender;
  const title = summary
    ? conversationTitle(summary, t)
    : (fallbackTitle ??
      (other ? personName(other) : t('chat.conversation.numbered', { id: String(conversationId) })));

  return (
    <>
      <ThreadHeader
        title={title}
        subtitle={summary ? conversationSubtitle(summary) : ''}
        offerId={summary?.offer?.id}
      />

      {messages.isPending ? (
        <div className="flex flex-1 items-center justify-center bg-slate-50">
          <LoadingText>{t('chat.loading')}</LoadingText>
        </div>
      ) : messages.isError ? (
        <div className="flex-1 bg-slate-50 p-4">
          <ErrorMessage
            action={
              <Button size="sm" variant="secondary" onClick={() => void messages.refetch()}>
                {t('chat.retry')}
              </Button>
            }
          >
            {isNotFound(messages.error) ? t('chat.thread.notFound') : t('chat.thread.loadFailed')}
          </ErrorMessage>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-1 items-center justify-center bg-slate-50 p-6">
          <p className="text-center text-sm text-slate-500">{t('chat.thread.empty')}</p>
        </div>
      ) : (
        <MessageList
          messages={items}
          me={me}
          hasOlder={messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          onLoadOlder={() => void messages.fetchNextPage()}
          scrollRef={scrollRef}
        />
      )}

      {messages.isError ? null : <Composer onSend={onSend} sending={send.isPending} error={sendError} />}
    </>
  );
}

/** The thread's title and subtitle, the way back on a phone, and the offer it is about. */
function ThreadHeader({
  title,
  subtitle,
  offerId,
}: {
  title: string;
  subtitle: string;
  offerId: number | undefined;
}) {
  const t = useT();
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:px-4">
      <Link
        to={paths.chat}
        aria-label={t('chat.thread.back')}
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 md:hidden"
      >
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
      </Link>
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-sm font-semibold text-slate-900" data-testid="thread-title">
          {title}
        </h2>
        {subtitle ? <p className="truncate text-xs text-slate-500">{subtitle}</p> : null}
      </div>
      {offerId ? (
        <Link
          to={generatePath(paths.offer, { id: String(offerId) })}
          className="flex shrink-0 items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          <span>{t('chat.thread.openOffer')}</span>
        </Link>
      ) : null}
    </header>
  );
}

/**
 * Marks the thread read when it opens and whenever someone else's message arrives while it is
 * open, as long as the tab is in view (a hidden tab catches up when it is shown again).
 */
function useMarkReadWhileOpen(
  conversationId: number,
  newest: ChatMessage | undefined,
  me: number | undefined,
) {
  const markRead = useMarkConversationRead();
  const mutate = markRead.mutate;
  const lastMarked = useRef<number | null>(null);
  const newestId = newest?.id;
  const newestMine = newest !== undefined && newest.sender.id === me;

  useEffect(() => {
    if (newestId === undefined) return;
    const markIfNeeded = () => {
      if (document.visibilityState !== 'visible') return;
      if (lastMarked.current !== null && lastMarked.current >= newestId) return;
      // My own message leaves nothing unread once the thread was marked.
      const needed = lastMarked.current === null || !newestMine;
      lastMarked.current = newestId;
      if (needed) mutate(conversationId);
    };
    markIfNeeded();
    document.addEventListener('visibilitychange', markIfNeeded);
    return () => document.removeEventListener('visibilitychange', markIfNeeded);
  }, [conversationId, newestId, newestMine, mutate]);
}
