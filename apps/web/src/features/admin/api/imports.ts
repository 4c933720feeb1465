import { type Import, type ImportKind, ImportSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client.ts';

// Bringing a business in (DESIGN.md section 17): the upload that stages a file, its commit and
// its discarding, and the kinds' templates.

/** POST imports/ (multipart: kind, file): the staged import, every error of every row. */
export function useStageImport() {
  return useMutation({
    mutationFn: ({
      kind,
      file,
      progress,
    }: {
      kind: ImportKind;
      file: File;
      progress: string;
    }): Promise<Import> => {
      const form = new FormData();
      form.append('kind', kind);
      // Before the file: the server reads the fields that come before it.
      form.append('progress', progress);
      form.append('file', file);
      return api.post('imports/', form, { schema: ImportSchema });
    },
  });
}

/**
 * POST imports/{id}/commit/ with one Idempotency-Key per staged import, so a double click or a
 * retry posts once. A commit can change anything (the catalogue, stock, balances, debts): every
 * query is refreshed.
 */
export function useCommitImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key, progress }: { id: number; key: string; progress: string }): Promise<Import> =>
      api.post(`imports/${id}/commit/`, { progress }, { idempotencyKey: key, schema: ImportSchema }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useDiscardImport() {
  return useMutation({ mutationFn: (id: number) => api.delete(`imports/${id}/`) });
}

export const downloadTemplate = (kind: ImportKind) =>
  downloadFile(`imports/templates/${kind}.xlsx`, {}, `${kind}.xlsx`);
