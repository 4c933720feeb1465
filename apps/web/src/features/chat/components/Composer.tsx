import { CHAT_MESSAGE_MAX } from '@app/shared';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { draftState } from '../chat-rules.ts';

/** The textarea grows with its text up to this height, then scrolls. */
const MAX_HEIGHT_PX = 160;

export interface ComposerProps {
  /** Sends the text as typed; rejects with the error to show. */
  onSend: (text: string) => Promise<unknown>;
  sending: boolean;
  error: string | null;
}

/** The draft: the textarea fits its text, and a send clears it (an error keeps it, to send again). */
function useDraft(onSend: (text: string) => Promise<unknown>, sending: boolean) {
  const [text, setText] = useState('');
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const state = draftState(text);

  // The textarea fits its text after every render (typing, a send that cleared it).
  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    area.style.height = 'auto';
    area.style.height = `${Math.min(area.scrollHeight, MAX_HEIGHT_PX)}px`;
  });

  async function submit() {
    if (!state.ok || sending) return;
    try {
      await onSend(text);
      setText('');
    } catch {
      // The page shows the error; the text stays, to send again.
    }
    areaRef.current?.focus();
  }
  return { text, setText, areaRef, state, submit };
}

/**
 * Writes a message: Enter sends, Shift+Enter starts a new line (and Enter while an input method
 * is composing a character does neither). The text is sent exactly as typed; the counter shows
 * the 4,000-character limit as the server counts characters.
 */
export function Composer({ onSend, sending, error }: ComposerProps) {
  const t = useT();
  const { text, setText, areaRef, state, submit } = useDraft(onSend, sending);
  const inputId = useId();
  const counterId = useId();
  const tooLong = !state.ok && state.reason === 'too-long';

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return (
    <form
      aria-label={t('chat.composer.label')}
      onSubmit={onSubmit}
      className="shrink-0 border-t border-slate-200 bg-white p-3"
    >
      <ErrorMessage className="mb-2">{error}</ErrorMessage>
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('chat.composer.field')}
        </label>
        <textarea
          ref={areaRef}
          id={inputId}
          rows={1}
          value={text}
          readOnly={sending}
          aria-busy={sending || undefined}
          aria-invalid={tooLong || undefined}
          aria-describedby={counterId}
          placeholder={t('chat.composer.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className={cn(
            'block max-h-40 min-h-10 w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm leading-5 text-slate-900 shadow-xs',
            'placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30',
            'aria-invalid:border-red-500 read-only:bg-slate-50',
          )}
        />
        <Button
          type="submit"
          size="icon"
          aria-label={t('chat.composer.send')}
          title={t('chat.composer.sendHint')}
          loading={sending}
          disabled={!state.ok}
          className="h-10 w-10 shrink-0"
          icon={sending ? null : <SendHorizontal aria-hidden="true" className="h-5 w-5" />}
        />
      </div>
      <ComposerCounter id={counterId} length={state.length} tooLong={tooLong} />
    </form>
  );
}

/** The keys' hint and the character count, said aloud once it is over the limit. */
function ComposerCounter({ id, length, tooLong }: { id: string; length: number; tooLong: boolean }) {
  const t = useT();
  return (
    <div className="mt-1 flex items-center justify-between gap-2 text-xs">
      <span className="hidden text-slate-400 sm:inline">{t('chat.composer.keys')}</span>
      <span
        id={id}
        aria-live={tooLong ? 'polite' : 'off'}
        className={cn('ml-auto tabular-nums', tooLong ? 'font-medium text-red-600' : 'text-slate-400')}
      >
        {tooLong
          ? t('chat.composer.tooLong', { length: String(length), max: String(CHAT_MESSAGE_MAX) })
          : `${length} / ${CHAT_MESSAGE_MAX}`}
      </span>
    </div>
  );
}
