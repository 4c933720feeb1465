import type {
  Document,
  DocumentPage,
  ProductionOrderCreate,
  PurchaseCreate,
  ReturnCreate,
  SaleCreate,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api-client.ts';
import type { DocumentKindConfig } from '../kinds.ts';
import type { DocumentFilters } from '../lib/list-params.ts';
import { documentKeys, MOVED_BY_POSTING } from './keys.ts';

export type DocumentBody = SaleCreate | PurchaseCreate | ReturnCreate | ProductionOrderCreate;

/** GET api/{kind}/?status&counterparty&date_from&date_to&search&page: 20 a page, newest first. */
export function getDocuments(
  kind: DocumentKindConfig,
  filters: DocumentFilters,
  page: number,
  signal?: AbortSignal,
): Promise<DocumentPage> {
  return api.get(`${kind.api}/`, {
    signal,
    query: { ...filters, page },
    schema: (s) => s.DocumentPageSchema,
  });
}

export function useDocuments(kind: DocumentKindConfig, filters: DocumentFilters, page: number) {
  return useQuery(
    queryOptions({
      queryKey: documentKeys.list(kind.kind, { ...filters, page }),
      queryFn: ({ signal }) => getDocuments(kind, filters, page, signal),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );
}

/** GET api/{kind}/{id}/: the header, its lines and its payment. */
export function useDocument(kind: DocumentKindConfig, id: number | undefined) {
  return useQuery({
    queryKey: documentKeys.one(kind.kind, id ?? 0),
    queryFn: ({ signal }) => api.get(`${kind.api}/${id}/`, { signal, schema: (s) => s.DocumentSchema }),
    enabled: id !== undefined,
    retry: false,
  });
}

/** Refreshes the documents, and with a posting or reversal what it moved. */
function useRefresh() {
  const client = useQueryClient();
  return (moved: boolean) =>
    Promise.all([
      client.invalidateQueries({ queryKey: documentKeys.all }),
      ...(moved ? MOVED_BY_POSTING.map((queryKey) => client.invalidateQueries({ queryKey })) : []),
    ]);
}

/**
 * POST api/{kind}/ (a draft) or POST api/{kind}/?post=true (created and posted in one call). The
 * caller gives the Idempotency-Key: one per user action, the same on its retry.
 */
export function useCreateDocument(kind: DocumentKindConfig) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      body,
      post,
      key,
    }: {
      body: DocumentBody;
      post: boolean;
      key: string;
    }): Promise<Document> =>
      api.post(`${kind.api}/`, body, {
        query: post ? { post: 'true' } : {},
        idempotencyKey: key,
        schema: (s) => s.DocumentSchema,
      }),
    onSuccess: (_doc, { post }) => refresh(post),
  });
}

/** PATCH api/{kind}/{id}/: a draft's change. */
export function useUpdateDocument(kind: DocumentKindConfig) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<DocumentBody> }): Promise<Document> =>
      api.patch(`${kind.api}/${id}/`, body, { schema: (s) => s.DocumentSchema }),
    onSuccess: () => refresh(false),
  });
}

/** DELETE api/{kind}/{id}/: a draft, gone. */
export function useDeleteDocument(kind: DocumentKindConfig) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number): Promise<unknown> => api.delete(`${kind.api}/${id}/`),
    onSuccess: () => refresh(false),
  });
}

/** POST api/{kind}/{id}/post/ or /reverse/, with the action's Idempotency-Key. */
export function useDocumentAction(kind: DocumentKindConfig, action: 'post' | 'reverse') {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, key }: { id: number; key: string }): Promise<Document> =>
      api.post(`${kind.api}/${id}/${action}/`, undefined, {
        idempotencyKey: key,
        schema: (s) => s.DocumentSchema,
      }),
    onSuccess: () => refresh(true),
  });
}

/** GET api/{kind}/{id}/print/: the document's PDF, downloaded with the session's token. */
export function downloadDocumentPdf(kind: DocumentKindConfig, doc: Pick<Document, 'id' | 'number'>) {
  return downloadFile(`${kind.api}/${doc.id}/print/`, {}, `${doc.number}.pdf`);
}
