import type { Conversation } from '@app/shared';
import { Handshake, SquarePen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadMore } from '../../../components/ui/LoadMore.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { initialsFromEmail } from '../../../lib/format.ts';
import { useConversations } from '../api/conversations.ts';
import { chatPath } from '../chat-paths.ts';
import { conversationsOf, conversationTitle, listTime, messagePreview, personName } from '../chat-rules.ts';

export interface ConversationListProps {
  me: number | undefined;
  activeId: number | null;
  onNew: () => void;
}

/** The left pane: my conversations, newest activity first, each with its unread count. */
export function ConversationList({ me, activeId, onNew }: ConversationListProps) {
  const t = useT();
  const query = useConversations();
  const conversations = conversationsOf(query.data);

  return (
    <>
      <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-4">
        <h2 className="text-sm font-semibold text-slate-900">{t('chat.conversations.title')}</h2>
        <Button
          size="sm"
          variant="secondary"
          icon={<SquarePen aria-hidden="true" className="h-4 w-4" />}
          onClick={onNew}
        >
          {t('chat.conversations.new')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {query.isPending ? (
          <LoadingText className="p-4">{t('chat.loading')}</LoadingText>
        ) : query.isError ? (
          <ErrorMessage
            className="m-3"
            action={
              <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
                {t('chat.retry')}
              </Button>
            }
          >
            {t('chat.conversations.loadFailed')}
          </ErrorMessage>
        ) : conversations.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-slate-500">{t('chat.conversations.empty')}</p>
        ) : (
          <ul aria-label={t('chat.conversations.list')} className="divide-y divide-slate-100">
            {conversations.map((c) => (
              <li key={c.id}>
                <ConversationRow conversation={c} me={me} active={c.id === activeId} />
              </li>
            ))}
          </ul>
        )}
        <LoadMore query={query} />
      </div>
    </>
  );
}

function ConversationRow({
  conversation: c,
  me,
  active,
}: {
  conversation: Conversation;
  me: number | undefined;
  active: boolean;
}) {
  const t = useT();
  const title = conversationTitle(c, t);
  const other = c.other_members[0];
  const preview = messagePreview(c, me, t);
  const when = c.last_message?.created_at ?? c.created_at;
  return (
    <Link
      to={chatPath(c.id)}
      aria-current={active ? 'page' : undefined}
      data-testid={`conversation-${c.id}`}
      className={cn(
        'flex items-center gap-3 px-4 py-3 transition-colors',
        active ? 'bg-brand-50' : 'hover:bg-slate-50',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
          c.kind === 'OFFER' ? 'bg-amber-100 text-amber-800' : 'bg-brand-100 text-brand-800',
        )}
      >
        {c.kind === 'OFFER' ? <Handshake className="h-5 w-5" /> : initialsFromEmail(other?.email)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="min-w-0 truncate text-sm">
            <span className={cn('text-slate-900', c.unread > 0 ? 'font-semibold' : 'font-medium')}>
              {title}
            </span>
            {c.kind === 'OFFER' && other ? (
              <span className="text-slate-500"> · {personName(other)}</span>
            ) : null}
          </span>
          <time dateTime={when} className="shrink-0 text-xs text-slate-400">
            {listTime(when, t)}
          </time>
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span
            className={cn('min-w-0 truncate text-sm', c.unread > 0 ? 'text-slate-700' : 'text-slate-500')}
          >
            {preview || <span className="italic text-slate-400">{t('chat.conversations.noMessages')}</span>}
          </span>
          {c.unread > 0 ? (
            <span
              data-testid={`conversation-unread-${c.id}`}
              className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
            >
              <span className="sr-only">{t('chat.conversations.unread')}</span>
              {c.unread}
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
