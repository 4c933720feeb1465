import {
  ADMIN_ROLES,
  DOCUMENT_PREFIXES,
  type Document,
  type DocumentStatus,
  fixedMoney,
  msg,
  type Role,
} from '@app/shared';
import { auditAs } from '../../lib/audit.ts';
import type { Actor } from '../../lib/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { publish } from '../../lib/events.ts';
import { type IdempotencyScope, runIdempotent } from '../../lib/idempotency.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { resolveCurrency } from '../finance/finance.service.ts';
import type { DocDeps, KindConfig, LoadedDocument, Trx } from './document-kind.ts';
import { loadDocument, viewerOf } from './document-reading.ts';
import * as repo from './documents.repository.ts';

// The documents' skeleton (DESIGN.md section 19), once for every kind: numbering, drafts edited
// and deleted freely, posting all-or-nothing under the header's lock, reversal by the opposite
// rows, Idempotency-Key on both, audit and live events. A kind (sales.kind.ts, purchases.kind.ts)
// says how its lines are priced and what its posting and reversal write.

export type { DocumentBody } from './document-draft.ts';

/** A document's number: `S-000123` (more digits once past a million). */
export const documentNumber = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, '0')}`;

/** The kind's fixed role, and those the business allows in its settings. */
async function requireWriter<L>(db: Trx | DocDeps['db'], actor: Actor, config: KindConfig<L>): Promise<void> {
  const allowed = await repo.businessDocumentRoles(db, actor.businessId);
  if (!config.mayWrite(actor.role, allowed)) throw forbidden();
}

/** A draft is changed and posted by its own department only (and administrators, where the kind says). */
function requireOwn<L>(actor: Actor, header: repo.HeaderRow, config: KindConfig<L>): void {
  if (config.adminsActForDepartments && ADMIN_ROLES.includes(actor.role as Role)) return;
  if (header.department_id !== actor.id) throw forbidden(msg('errors.documents.not_your_department'));
}

/** The header locked, or 404 (another business's, another kind's, or one the actor may not see). */
async function lockVisible<L>(trx: Trx, actor: Actor, config: KindConfig<L>, id: number) {
  const header = await repo.lockHeader(trx, actor.businessId, config.kind, id);
  const viewer = viewerOf(actor);
  if (!header || (viewer.departmentId !== null && header.department_id !== viewer.departmentId))
    throw notFound();
  return header;
}

// ---------------------------------------------------------------- drafts

/** What a change of a document leaves: its History row and its department's live event. */
interface DocumentChange {
  verb: 'create' | 'update' | 'delete' | 'post' | 'reverse';
  id: number;
  number: string;
  total: string;
  currencyId: number;
  departmentId: number;
  /** The event's status; none for a draft posted in the same call (its posting tells). */
  status: DocumentStatus | 'DELETED' | null;
}

const changeOf = (
  header: repo.HeaderRow,
  verb: DocumentChange['verb'],
  status: DocumentChange['status'],
): DocumentChange => ({
  verb,
  id: header.id,
  number: header.number,
  total: header.total,
  currencyId: header.currency_id,
  departmentId: header.department_id,
  status,
});

async function record<L>(trx: Trx, actor: Actor, config: KindConfig<L>, change: DocumentChange) {
  const code = (await resolveCurrency(trx, actor.businessId, change.currencyId)).code;
  await auditAs(trx, actor, {
    action: `${config.entity}.${change.verb}`,
    entity: config.entity,
    entityId: change.id,
    summary: `${change.number}: ${fixedMoney(change.total)} ${code}`,
  });
  if (change.status)
    await publish(trx, actor.businessId, [
      {
        userId: change.departmentId,
        type: 'document',
        data: { kind: config.kind, id: change.id, status: change.status },
      },
    ]);
}

/**
 * A new draft; with `post`, posted in the same transaction (`POST api/sales/?post=true`, the
 * offline queue's form, DESIGN.md section 23): refused as a whole, nothing is kept.
 */
export async function createDocument<L>(
  deps: DocDeps,
  actor: Actor,
  config: KindConfig<L>,
  body: L,
  options: { post: boolean; scope: IdempotencyScope | null },
): Promise<Document> {
  await requireWriter(deps.db, actor, config);
  const number = documentNumber(
    DOCUMENT_PREFIXES[config.kind],
    await repo.nextNumber(deps.db, actor.businessId, config.kind),
  );
  return inTransaction(deps.db, (trx) =>
    runIdempotent(trx, options.scope, async () => {
      const draft = await config.draft(trx, deps, actor, body, null);
      const id = await repo.insertDocument(trx, {
        ...draft.header,
        business_id: actor.businessId,
        kind: config.kind,
        number,
        department_id: draft.departmentId ?? actor.id,
        created_by: actor.id,
      });
      await repo.replaceLinesAndCash(trx, actor.businessId, id, draft.lines, draft.cash);
      await record(trx, actor, config, {
        verb: 'create',
        id,
        number,
        total: draft.header.total,
        currencyId: draft.header.currency_id,
        departmentId: draft.departmentId ?? actor.id,
        status: options.post ? null : 'DRAFT',
      });
      if (options.post) await postLocked(trx, actor, config, id);
      return loadDocument(trx, actor, config, id);
    }),
  );
}

/** A draft's change: the fields given replace the draft's, the lines as a whole. */
export async function updateDocument<L>(
  deps: DocDeps,
  actor: Actor,
  config: KindConfig<L>,
  id: number,
  body: Partial<L>,
): Promise<Document> {
  return inTransaction(deps.db, async (trx) => {
    const header = await lockVisible(trx, actor, config, id);
    requireOwn(actor, header, config);
    await requireWriter(trx, actor, config);
    if (header.status !== 'DRAFT')
      throw conflict(msg('errors.documents.not_draft', { number: header.number }));
    const [lines, cash] = await Promise.all([
      repo.linesOf(trx, actor.businessId, id),
      repo.cashOf(trx, actor.businessId, id),
    ]);
    const draft = await config.draft(trx, deps, actor, body, { header, lines, cash });
    await repo.updateHeader(trx, actor.businessId, id, draft.header);
    await repo.replaceLinesAndCash(trx, actor.businessId, id, draft.lines, draft.cash);
    await record(trx, actor, config, {
      ...changeOf(header, 'update', 'DRAFT'),
      total: draft.header.total,
      currencyId: draft.header.currency_id,
    });
    return loadDocument(trx, actor, config, id);
  });
}

export async function deleteDocument<L>(deps: DocDeps, actor: Actor, config: KindConfig<L>, id: number) {
  await inTransaction(deps.db, async (trx) => {
    const header = await lockVisible(trx, actor, config, id);
    requireOwn(actor, header, config);
    if (header.status !== 'DRAFT')
      throw conflict(msg('errors.documents.not_draft', { number: header.number }));
    await repo.deleteDocument(trx, actor.businessId, id);
    await record(trx, actor, config, changeOf(header, 'delete', 'DELETED'));
  });
}

/**
 * A draft locked for a change a kind makes beyond its body (a stock count's counted quantities,
 * DESIGN.md section 20): visible, its department's (or an administrator's where the kind says),
 * a writer's, still a draft.
 */
export async function lockDraft<L>(trx: Trx, actor: Actor, config: KindConfig<L>, id: number) {
  const header = await lockVisible(trx, actor, config, id);
  requireOwn(actor, header, config);
  await requireWriter(trx, actor, config);
  if (header.status !== 'DRAFT') throw conflict(msg('errors.documents.not_draft', { number: header.number }));
  return header;
}

/** A draft's update's History row and live event, for a kind's own change of it. */
export async function recordUpdate<L>(trx: Trx, actor: Actor, config: KindConfig<L>, header: repo.HeaderRow) {
  await record(trx, actor, config, changeOf(header, 'update', 'DRAFT'));
}

// ---------------------------------------------------------------- posting and reversal

async function loaded(trx: Trx, header: repo.HeaderRow): Promise<LoadedDocument> {
  const [lines, cash] = await Promise.all([
    repo.linesOf(trx, header.business_id, header.id),
    repo.cashOf(trx, header.business_id, header.id),
  ]);
  return { header, lines, cash };
}

/** Posts a draft under its lock: every ledger row or none (DESIGN.md section 19). */
async function postLocked<L>(trx: Trx, actor: Actor, config: KindConfig<L>, id: number): Promise<void> {
  const header = await lockVisible(trx, actor, config, id);
  requireOwn(actor, header, config);
  if (header.status !== 'DRAFT') throw conflict(msg('errors.documents.not_draft', { number: header.number }));
  const doc = await loaded(trx, header);
  if (doc.lines.length === 0)
    throw badRequest(msg('errors.documents.no_lines'), { lines: [msg('errors.documents.no_lines')] });
  const result = await config.post(trx, actor, doc);
  await repo.markPosted(trx, actor.businessId, id, actor.id, {
    change_uzs: result.changeUzs,
    on_credit: result.onCredit,
  });
  await record(trx, actor, config, changeOf(header, 'post', 'POSTED'));
}

export async function postDocument<L>(
  deps: DocDeps,
  actor: Actor,
  config: KindConfig<L>,
  id: number,
  scope: IdempotencyScope | null,
): Promise<Document> {
  await requireWriter(deps.db, actor, config);
  return inTransaction(deps.db, (trx) =>
    runIdempotent(trx, scope, async () => {
      await postLocked(trx, actor, config, id);
      return loadDocument(trx, actor, config, id);
    }),
  );
}

/**
 * Reverses a posted document by the opposite rows in a new transaction (never an edit or a
 * delete): its department, or an administrator of the business.
 */
export async function reverseDocument<L>(
  deps: DocDeps,
  actor: Actor,
  config: KindConfig<L>,
  id: number,
  scope: IdempotencyScope | null,
): Promise<Document> {
  return inTransaction(deps.db, (trx) =>
    runIdempotent(trx, scope, async () => {
      const header = await lockVisible(trx, actor, config, id);
      if (!ADMIN_ROLES.includes(actor.role as Role)) requireOwn(actor, header, config);
      if (header.status !== 'POSTED')
        throw conflict(msg('errors.documents.not_posted', { number: header.number }));
      if (await repo.hasPostedReturns(trx, actor.businessId, id))
        throw conflict(msg('errors.documents.has_returns', { number: header.number }));
      await config.reverse(trx, actor, await loaded(trx, header));
      await repo.markReversed(trx, actor.businessId, id, actor.id);
      await record(trx, actor, config, changeOf(header, 'reverse', 'REVERSED'));
      return loadDocument(trx, actor, config, id);
    }),
  );
}
