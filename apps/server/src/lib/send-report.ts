import type { Language } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from './context.ts';
import { pageLink } from './pagination.ts';
import type { PastRead } from './replica.ts';
import type { FileAnswer } from './report-files.ts';
import { requestLanguage } from './texts.ts';

// How a report's answer goes out, the same for every report route (modules/reports, and the
// debts ageing there): a JSON page with DRF's links, or a file (DESIGN.md section 11). A file
// of another list (the offers') goes out the same way (DESIGN.md section 15).

/** A file answer: its type, its name as an attachment, and its body streamed. */
export function sendFile(reply: FastifyReply, file: FileAnswer) {
  return (
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      // A stream is sent as it is, not serialised with the JSON schema (its type says JSON).
      .send(file.body as never)
  );
}

export type Answer<T> =
  | { kind: 'json'; body: T; paging: { page: number; lastPage: number } }
  | { kind: 'file'; file: (language: Language) => FileAnswer };

/** The JSON page with DRF's next and previous links, or the file. */
export function sendReport<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  result: Answer<T>,
  dataAsOf: string | null = null,
) {
  // A report's file is written in the reader's language (DESIGN.md section 16).
  if (result.kind === 'file') return sendFile(reply, result.file(requestLanguage(request)));
  const { page, lastPage } = result.paging;
  return {
    ...result.body,
    next: pageLink(request, page < lastPage ? page + 1 : null),
    previous: pageLink(request, page > 1 ? page - 1 : null),
    data_as_of: dataAsOf,
  };
}

/** A file read from a replica behind by more than REPLICA_MAX_LAG_MS says so here (ISO time). */
export const DATA_AS_OF_HEADER = 'data-as-of';

/**
 * A read of the past (DESIGN.md section 24): `read` gets deps whose `db` is the replica when it is
 * up, else the primary. The one way a route says "this may come from the replica": only reports,
 * History and their files, which write nothing. When the replica lags, the answer's header says
 * as of when (a JSON body says it in `data_as_of` too).
 */
export async function readPast<T>(
  deps: Deps,
  reply: FastifyReply,
  read: (deps: Deps) => Promise<T>,
): Promise<PastRead<T>> {
  const result = await deps.reads.run((db) => read({ ...deps, db }));
  if (result.asOf) reply.header(DATA_AS_OF_HEADER, result.asOf);
  return result;
}

/** A report read from the replica when there is one (readPast), sent as sendReport does. */
export async function sendPastReport<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Deps,
  read: (deps: Deps) => Promise<Answer<T>>,
) {
  const { value, asOf } = await readPast(deps, reply, read);
  return sendReport(request, reply, value, asOf);
}
