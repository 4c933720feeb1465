import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { cn } from '../../../lib/cn.ts';
import { useConversations } from '../api/conversations.ts';
import { chatPath, parseRouteId } from '../chat-paths.ts';
import { conversationsOf } from '../chat-rules.ts';
import { ConversationList } from '../components/ConversationList.tsx';
import { NewConversationDialog } from '../components/NewConversationDialog.tsx';
import { Thread } from '../components/Thread.tsx';

/** A title a linking page may hand over in the navigation state (an offer's "Xabar" button). */
function titleFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('chatTitle' in state)) return undefined;
  return typeof state.chatTitle === 'string' ? state.chatTitle : undefined;
}

/**
 * /chat and /chat/:conversationId (DESIGN.md section 13): the conversations on the left, the open
 * one on the right. On a phone one pane shows at a time: the list at /chat, the thread (with a
 * back button) at /chat/<id>.
 */
export function ChatPage() {
  const t = useT();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const me = useCurrentUser().data?.id;
  const conversations = useConversations();
  const [picking, setPicking] = useState(false);

  const id = parseRouteId(params.conversationId);
  if (params.conversationId !== undefined && id === null) return <Navigate to={paths.chat} replace />;
  const summary = id === null ? undefined : conversationsOf(conversations.data).find((c) => c.id === id);

  return (
    // On a phone the chat takes the whole screen under the top bar (the page's padding undone).
    <div className="max-md:-mx-4 max-md:-my-6 sm:max-md:-mx-6">
      <h1
        className={cn(
          'mb-4 text-2xl font-semibold tracking-tight text-slate-900 max-md:px-4 max-md:pt-4 sm:max-md:px-6',
          id !== null && 'max-md:sr-only',
        )}
      >
        {t('chat.title')}
      </h1>
      <div
        className={cn(
          'grid grid-cols-1 grid-rows-[minmax(0,1fr)] overflow-hidden bg-white max-md:border-t max-md:border-slate-200',
          'md:h-[calc(100dvh-10.5rem)] md:min-h-[420px] md:grid-cols-[minmax(260px,340px)_1fr] md:rounded-xl md:border md:border-slate-200 md:shadow-xs',
          // Under the top bar (3.5rem), and the heading when the list shows (4rem).
          id === null ? 'max-md:h-[calc(100dvh-7.5rem)]' : 'max-md:h-[calc(100dvh-3.5rem)]',
        )}
      >
        <section
          aria-label={t('chat.conversations.title')}
          className={cn(
            'min-h-0 flex-col border-slate-200 md:flex md:border-r',
            id === null ? 'flex' : 'hidden',
          )}
        >
          <ConversationList me={me} activeId={id} onNew={() => setPicking(true)} />
        </section>
        <section
          aria-label={t('chat.conversation.label')}
          className={cn('min-h-0 min-w-0 flex-col md:flex', id === null ? 'hidden' : 'flex')}
        >
          {id === null ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-slate-50 p-6 text-center">
              <MessagesSquare aria-hidden="true" className="h-10 w-10 text-slate-300" />
              <p className="text-sm text-slate-500">{t('chat.page.pick')}</p>
            </div>
          ) : (
            <Thread
              key={id}
              conversationId={id}
              summary={summary}
              fallbackTitle={titleFromState(location.state)}
              me={me}
            />
          )}
        </section>
      </div>
      <NewConversationDialog
        open={picking}
        me={me}
        onClose={() => setPicking(false)}
        onOpened={(conversation) => {
          setPicking(false);
          navigate(chatPath(conversation.id));
        }}
      />
    </div>
  );
}
