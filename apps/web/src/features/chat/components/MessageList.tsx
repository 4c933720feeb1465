import type { ChatMessage } from '@app/shared';
import { Fragment, type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { clockTime, dayKey, dayLabel } from '../chat-rules.ts';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  me: number | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** The scrolling box, so the thread can bring the newest message into view. */
  scrollRef: RefObject<HTMLDivElement | null>;
}

/**
 * Reaching the top loads the page before (`before=<oldest id>`), and the view stays where it was
 * when that page is added above.
 */
function useLoadOlderOnTop(
  scrollRef: RefObject<HTMLDivElement | null>,
  hasOlder: boolean,
  loadingOlder: boolean,
  onLoadOlder: () => void,
) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadOlderRef = useRef(onLoadOlder);
  onLoadOlderRef.current = onLoadOlder;
  /** How far above the bottom the view was when an older page was asked for. */
  const fromBottomRef = useRef<number | null>(null);

  // Re-armed after each page: an observer fires once on observe, so a top still in view (a short
  // page, a tall screen) asks for the next page too.
  useEffect(() => {
    const root = scrollRef.current;
    const target = sentinelRef.current;
    if (!root || !target || !hasOlder || loadingOlder) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        // In a reversed column scrollTop is minus the distance from the bottom.
        fromBottomRef.current = -root.scrollTop;
        onLoadOlderRef.current();
      },
      { root, rootMargin: '300px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, scrollRef]);

  // A view scrolled all the way up stays pinned to the top when a page is added above, which would
  // ask for the next page at once, and so on to the first message: keep it where it was instead.
  useLayoutEffect(() => {
    const root = scrollRef.current;
    const fromBottom = fromBottomRef.current;
    if (loadingOlder || !root || fromBottom === null) return;
    fromBottomRef.current = null;
    if (Math.abs(root.scrollTop + fromBottom) > 1) root.scrollTop = -fromBottom;
  }, [loadingOlder, scrollRef]);
  return sentinelRef;
}

/**
 * The messages, oldest at the top. The scrolling box is a reversed column holding one block, so
 * its natural position is the bottom (the newest message), and older pages added above keep what
 * is on screen where it is. Texts are rendered as text, never as HTML, with their line breaks
 * kept (white-space: pre-wrap).
 */
export function MessageList({
  messages,
  me,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  scrollRef,
}: MessageListProps) {
  const t = useT();
  const sentinelRef = useLoadOlderOnTop(scrollRef, hasOlder, loadingOlder, onLoadOlder);

  return (
    <div
      ref={scrollRef}
      role="log"
      aria-label={t('chat.messages.label')}
      className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 sm:px-5"
    >
      <div>
        <div ref={sentinelRef} aria-hidden="true" className="h-px" />
        {loadingOlder ? <LoadingText className="justify-center pb-3">{t('chat.loading')}</LoadingText> : null}
        {!hasOlder && messages.length > 0 ? (
          <p className="pb-3 text-center text-xs text-slate-400">{t('chat.messages.start')}</p>
        ) : null}
        <ol className="space-y-1.5">
          {messages.map((m, i) => {
            const previous = messages[i - 1];
            const newDay = !previous || dayKey(previous.created_at) !== dayKey(m.created_at);
            return (
              <Fragment key={m.id}>
                {newDay ? (
                  <li aria-hidden="true" className="flex justify-center py-2">
                    <span className="rounded-full bg-white px-3 py-0.5 text-xs font-medium text-slate-500 shadow-xs ring-1 ring-slate-200">
                      {dayLabel(m.created_at, t)}
                    </span>
                  </li>
                ) : null}
                <MessageItem
                  message={m}
                  mine={m.sender.id === me}
                  sameSender={!newDay && previous?.sender.id === m.sender.id}
                />
              </Fragment>
            );
          })}
        </ol>
      </div>
    </div>
  );
}

/** One message: mine on the right, theirs on the left; its sender said for screen readers. */
function MessageItem({
  message: m,
  mine,
  sameSender,
}: {
  message: ChatMessage;
  mine: boolean;
  sameSender: boolean;
}) {
  const t = useT();
  return (
    <li
      data-testid="chat-message"
      data-mine={mine ? 'true' : 'false'}
      className={cn('flex', mine ? 'justify-end' : 'justify-start', !sameSender && 'pt-1.5')}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-xs sm:max-w-[70%]',
          mine
            ? 'rounded-br-md bg-brand-700 text-white'
            : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200',
        )}
      >
        <p className="text-sm leading-5 whitespace-pre-wrap wrap-anywhere">{m.text}</p>
        <p className={cn('mt-0.5 text-right text-[11px]', mine ? 'text-brand-100' : 'text-slate-400')}>
          <span className="sr-only">{mine ? t('chat.message.mine') : `${m.sender.email}, `}</span>
          <time dateTime={m.created_at}>{clockTime(m.created_at)}</time>
        </p>
      </div>
    </li>
  );
}
