import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../i18n/useT.ts';
import { cn } from '../../lib/cn.ts';
import { Backdrop } from './Backdrop.tsx';
import { CloseButton } from './CloseButton.tsx';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on a backdrop click and on the close button. */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Hide the × button (e.g. while a request runs). Escape and the backdrop still close. */
  hideCloseButton?: boolean;
  className?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open modals, innermost last: Escape closes only the top one. */
const stack: symbol[] = [];

/**
 * A dialog (role="dialog", aria-modal) rendered into document.body. Closes on Escape and on a
 * click on the backdrop (spec.md section 2, Catalog); keeps Tab inside; gives focus back on close.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideCloseButton = false,
  className,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useModalFocus(open, panelRef, bodyRef, onCloseRef);

  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <Backdrop testId="modal-backdrop" onClose={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-[90vh] w-full flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl',
          'motion-safe:animate-pop-in',
          widths[size],
          className,
        )}
      >
        <ModalHeader
          titleId={titleId}
          title={title}
          descriptionId={descriptionId}
          description={description}
          onClose={hideCloseButton ? undefined : () => onCloseRef.current()}
        />
        <div ref={bodyRef} className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
          {children}
        </div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3 sm:rounded-b-2xl">
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}

/** The title, the line under it, and the × button unless hidden. */
function ModalHeader({
  titleId,
  title,
  descriptionId,
  description,
  onClose,
}: {
  titleId: string;
  title: ReactNode;
  descriptionId: string;
  description: ReactNode;
  onClose: (() => void) | undefined;
}) {
  const t = useT();
  return (
    <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
      <div className="min-w-0">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="mt-1 text-sm text-slate-500">
            {description}
          </p>
        ) : null}
      </div>
      {onClose === undefined ? null : (
        <CloseButton look="dialog" label={t('common.modal.close')} onClick={onClose} />
      )}
    </div>
  );
}

/**
 * While open: on top of the stack, the page's scroll locked, focus on [data-autofocus] or the
 * body's first control (else the panel); Escape closes the top modal, Tab stays inside; on close
 * the scroll and the focus come back.
 */
function useModalFocus(
  open: boolean,
  panelRef: RefObject<HTMLDivElement | null>,
  bodyRef: RefObject<HTMLDivElement | null>,
  onCloseRef: RefObject<() => void>,
) {
  useEffect(() => {
    if (!open) return;
    const token = Symbol('modal');
    stack.push(token);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const panel = panelRef.current;
    // Focus [data-autofocus], else the first control of the body (not the × button), else the panel.
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (stack[stack.length - 1] !== token) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key === 'Tab' && panel) keepTabInside(event, panel);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      stack.splice(stack.indexOf(token), 1);
      if (stack.length === 0) document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus();
    };
  }, [open, panelRef, bodyRef, onCloseRef]);
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function keepTabInside(event: KeyboardEvent, panel: HTMLElement) {
  const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
  if (items.length === 0) {
    event.preventDefault();
    return;
  }
  const firstItem = items[0];
  const lastItem = items[items.length - 1];
  if (event.shiftKey && document.activeElement === firstItem) {
    event.preventDefault();
    lastItem?.focus();
  } else if (!event.shiftKey && document.activeElement === lastItem) {
    event.preventDefault();
    firstItem?.focus();
  }
}
