import type { Document, WhoAmI } from '@app/shared';
import { CornerUpLeft, Pencil, Printer, Receipt, Send, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { useT } from '../../../i18n/useT.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useActionKey } from '../../../lib/use-action-key.ts';
import { mayEditDraft, mayReturn, mayReverse } from '../access.ts';
import { downloadDocumentPdf, useDeleteDocument, useDocumentAction } from '../api/documents.ts';
import { type DocumentKindConfig, receiptPath } from '../kinds.ts';
import { leftOf } from '../lib/returns.ts';

export interface ActionCallbacks {
  onEdit: () => void;
  onDeleted: () => void;
  /** A refused action's error, shown by the card (lines' messages on their lines). */
  onError: (err: unknown) => void;
  onDone: () => void;
}

/**
 * The card's actions by state (DESIGN.md section 19): a draft is edited, deleted or posted by its
 * department (a return's not edited: its lines are its source's); a posted one is returned by its
 * department (DESIGN.md section 20), reversed (after a confirmation) by its department or an
 * administrator, printed, and a sale's receipt opened; a reversed one is printed.
 */
export function DocumentActions({
  kind,
  doc,
  ...on
}: { kind: DocumentKindConfig; doc: Document } & ActionCallbacks) {
  const t = useT();
  const me = useCurrentUser().data;
  const [confirm, setConfirm] = useState<'reverse' | 'delete' | null>(null);
  const post = useKeyedAction(kind, 'post', doc.id, on);
  const reverse = useKeyedAction(kind, 'reverse', doc.id, { ...on, onSettled: () => setConfirm(null) });
  const remove = useDeleteDocument(kind);
  return (
    <div className="flex flex-wrap gap-2" data-testid="document-actions">
      {doc.status === 'DRAFT' && mayEditDraft(me, doc.department.id) ? (
        <>
          {kind.editsDrafts ? (
            <Button
              variant="secondary"
              icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
              onClick={on.onEdit}
            >
              {t('documents.action.edit')}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            onClick={() => setConfirm('delete')}
          >
            {t('documents.action.delete')}
          </Button>
          <Button
            icon={<Send aria-hidden="true" className="h-4 w-4" />}
            loading={post.pending}
            onClick={post.run}
          >
            {t('documents.action.post')}
          </Button>
        </>
      ) : null}
      <ReturnLink kind={kind} doc={doc} me={me} />
      {doc.status === 'POSTED' && mayReverse(me, doc.department.id) ? (
        <Button
          variant="danger"
          icon={<Undo2 aria-hidden="true" className="h-4 w-4" />}
          onClick={() => setConfirm('reverse')}
        >
          {t('documents.action.reverse')}
        </Button>
      ) : null}
      {doc.status !== 'DRAFT' ? <PrintButton kind={kind} doc={doc} onError={on.onError} /> : null}
      {doc.status === 'POSTED' && kind.hasReceipt ? (
        <Link to={receiptPath(doc.id)} className={buttonClasses('secondary', 'md', 'gap-2')}>
          <Receipt aria-hidden="true" className="h-4 w-4" />
          {t('documents.action.receipt')}
        </Link>
      ) : null}
      <ConfirmDialog
        what={confirm}
        number={doc.number}
        pending={reverse.pending || remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          confirm === 'delete'
            ? remove.mutate(doc.id, { onSuccess: on.onDeleted, onError: on.onError })
            : reverse.run()
        }
      />
    </div>
  );
}

/**
 * "Qaytarish" (DESIGN.md section 20): a posted sale's or purchase's return page, for its own
 * department while anything of it is left to return.
 */
function ReturnLink({ kind, doc, me }: { kind: DocumentKindConfig; doc: Document; me: WhoAmI | undefined }) {
  const t = useT();
  const left = doc.lines.some((line) => leftOf(line).gt(0));
  if (doc.status !== 'POSTED' || !kind.returnPath || !left || !mayReturn(me, kind, doc.department.id))
    return null;
  return (
    <Link
      to={kind.returnPath(doc.id)}
      className={buttonClasses('secondary', 'md', 'gap-2')}
      data-testid="return-action"
    >
      <CornerUpLeft aria-hidden="true" className="h-4 w-4" />
      {t('documents.action.return')}
    </Link>
  );
}

/** Posting or reversing with its Idempotency-Key (a fresh one per action, the same on a retry). */
function useKeyedAction(
  kind: DocumentKindConfig,
  action: 'post' | 'reverse',
  id: number,
  on: Pick<ActionCallbacks, 'onError' | 'onDone'> & { onSettled?: () => void },
) {
  const mutation = useDocumentAction(kind, action);
  const keys = useActionKey();
  const run = () =>
    mutation.mutate(
      { id, key: keys.key() },
      {
        onSuccess: () => {
          keys.done();
          on.onSettled?.();
          on.onDone();
        },
        onError: (err) => {
          keys.done(err);
          on.onSettled?.();
          on.onError(err);
        },
      },
    );
  return { run, pending: mutation.isPending };
}

/** "Storno qilinsinmi?" or "O'chirilsinmi?", with what it does. */
function ConfirmDialog({
  what,
  number,
  pending,
  onClose,
  onConfirm,
}: {
  what: 'reverse' | 'delete' | null;
  number: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <Modal
      open={what !== null}
      onClose={onClose}
      size="sm"
      title={t(what === 'delete' ? 'documents.confirm.deleteTitle' : 'documents.confirm.reverseTitle', {
        number,
      })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('documents.common.cancel')}
          </Button>
          <Button
            variant="danger"
            icon={
              what === 'delete' ? (
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Undo2 aria-hidden="true" className="h-4 w-4" />
              )
            }
            loading={pending}
            onClick={onConfirm}
            data-testid="confirm-action"
          >
            {t(what === 'delete' ? 'documents.action.delete' : 'documents.action.reverse')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">
        {t(what === 'delete' ? 'documents.confirm.deleteText' : 'documents.confirm.reverseText')}
      </p>
    </Modal>
  );
}

/** "Chop etish": the document's PDF, downloaded with the session's token. */
function PrintButton({
  kind,
  doc,
  onError,
}: {
  kind: DocumentKindConfig;
  doc: Document;
  onError: (err: unknown) => void;
}) {
  const t = useT();
  const [printing, setPrinting] = useState(false);
  return (
    <Button
      variant="secondary"
      icon={<Printer aria-hidden="true" className="h-4 w-4" />}
      loading={printing}
      onClick={() => {
        setPrinting(true);
        downloadDocumentPdf(kind, doc)
          .catch(onError)
          .finally(() => setPrinting(false));
      }}
    >
      {t('documents.action.print')}
    </Button>
  );
}
