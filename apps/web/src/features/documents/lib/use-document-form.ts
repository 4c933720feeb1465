import type { Document } from '@app/shared';
import { useState } from 'react';
import { errorDetail } from '../../../lib/api-client.ts';
import { useActionKey } from '../../../lib/use-action-key.ts';
import { useCreateDocument, useDocumentAction, useUpdateDocument } from '../api/documents.ts';
import type { UnitVariantOption } from '../api/prices.ts';
import type { DocumentKindConfig } from '../kinds.ts';
import { bodyOf, type FormState, formStateOf } from './document-body.ts';
import { addVariant } from './lines.ts';
import { type DocumentErrors, documentErrors } from './server-errors.ts';

/**
 * A new document or a draft's change (DESIGN.md section 19): saved as a draft, or posted (a new
 * one in one call with `?post=true`; a draft changed, then posted). `done` gets the document.
 */
export function useDocumentForm(
  kind: DocumentKindConfig,
  draft: Document | undefined,
  done: (doc: Document) => void,
) {
  const [state, setState] = useState<FormState>(() => formStateOf(draft));
  const [errors, setErrors] = useState<DocumentErrors & { detail?: string | undefined }>({
    lines: {},
    fields: {},
  });
  const create = useCreateDocument(kind);
  const update = useUpdateDocument(kind);
  const post = useDocumentAction(kind, 'post');
  const actionKey = useActionKey();
  const fail = (err: unknown) => {
    actionKey.done(err);
    setErrors({ ...documentErrors(err), detail: errorDetail(err) ?? (err as Error).message });
  };
  const succeed = (doc: Document) => {
    actionKey.done();
    done(doc);
  };
  const save = async (andPost: boolean) => {
    setErrors({ lines: {}, fields: {} });
    const body = bodyOf(kind, state);
    try {
      if (!draft) return succeed(await create.mutateAsync({ body, post: andPost, key: actionKey.key() }));
      const saved = await update.mutateAsync({ id: draft.id, body });
      succeed(andPost ? await post.mutateAsync({ id: saved.id, key: actionKey.key() }) : saved);
    } catch (err) {
      fail(err);
    }
  };
  const change = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));
  return {
    state,
    change,
    addVariant: (v: UnitVariantOption) => setState((s) => ({ ...s, lines: addVariant(s.lines, v) })),
    errors,
    pending: create.isPending || update.isPending || post.isPending,
    save,
  };
}
