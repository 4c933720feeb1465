import type { OfferKind, OfferStatus } from '@app/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { businessRow } from '../../db/row-queries.ts';
import type { DB } from '../../db/schema.ts';

const OFFER_COLUMNS = [
  'id',
  'business_id',
  'kind',
  'status',
  'created_by',
  'from_user_id',
  'to_user_id',
  'reason',
  'created_at',
  'submitted_at',
  'decided_at',
] as const;

export interface NewOffer {
  businessId: number;
  kind: OfferKind;
  createdBy: number;
  fromUserId: number;
  toUserId: number;
  reason: string;
  moneyLines: ReadonlyArray<{ currency: number; amount: string }>;
  itemLines: ReadonlyArray<{ variant: number; quantity: string }>;
}

export async function insertOffer(trx: Transaction<DB>, offer: NewOffer): Promise<number> {
  const { id } = await trx
    .insertInto('offers')
    .values({
      business_id: offer.businessId,
      kind: offer.kind,
      created_by: offer.createdBy,
      from_user_id: offer.fromUserId,
      to_user_id: offer.toUserId,
      reason: offer.reason,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (offer.moneyLines.length > 0) {
    await trx
      .insertInto('offer_money_lines')
      .values(
        offer.moneyLines.map((l) => ({
          business_id: offer.businessId,
          offer_id: id,
          currency_id: l.currency,
          amount: l.amount,
        })),
      )
      .execute();
  }
  if (offer.itemLines.length > 0) {
    await trx
      .insertInto('offer_item_lines')
      .values(
        offer.itemLines.map((l) => ({
          business_id: offer.businessId,
          offer_id: id,
          variant_id: l.variant,
          quantity: l.quantity,
        })),
      )
      .execute();
  }
  return id;
}

/** The offer's kind (money or product), fixed at its creation; undefined for another business. */
export async function findOfferKind(db: Database, businessId: number, id: number) {
  return (await businessRow(db, 'offers', ['kind'], businessId, id))?.kind;
}

/** The offer row, locked until the transaction ends: actions on one offer take turns. */
export function lockOffer(trx: Transaction<DB>, businessId: number, id: number) {
  return businessRow(trx, 'offers', OFFER_COLUMNS, businessId, id, { lock: true });
}

export function setOfferStatus(
  trx: Transaction<DB>,
  businessId: number,
  id: number,
  status: OfferStatus,
  stamp: { submitted?: boolean; decidedBy?: number },
) {
  return trx
    .updateTable('offers')
    .set({
      status,
      ...(stamp.submitted ? { submitted_at: sql<Date>`now()` } : {}),
      ...(stamp.decidedBy !== undefined ? { decided_at: sql<Date>`now()`, decided_by: stamp.decidedBy } : {}),
    })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .returning('decided_at')
    .executeTakeFirst();
}

export function deleteOffer(trx: Transaction<DB>, businessId: number, id: number) {
  return trx.deleteFrom('offers').where('business_id', '=', businessId).where('id', '=', id).execute();
}

/** Ids of my offers on one side (DESIGN.md section 3: get_incomes / get_outcomes), newest first. */
export async function listOfferIds(db: Database, businessId: number, userId: number, side: 'to' | 'from') {
  const rows = await db
    .selectFrom('offers')
    .select('id')
    .where('business_id', '=', businessId)
    .where(side === 'to' ? 'to_user_id' : 'from_user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Offers with their lines and parties, in one query of the offer_views view (migration 0010),
 * which money_apply also answers with: what offers.views.ts shapes into the API's offer objects
 * (the variant objects of item lines come from the catalogue).
 */
export function offerRowsByIds(db: Database, businessId: number, ids: readonly number[]) {
  return db
    .selectFrom('offer_views')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('id', 'in', ids)
    .execute();
}

/** An offer_views row: from a query, or as JSON inside money_apply's answer (times as text). */
export type OfferViewRow = Awaited<ReturnType<typeof offerRowsByIds>>[number];
export type OfferViewJson = Omit<OfferViewRow, 'created_at' | 'submitted_at' | 'decided_at'> & {
  created_at: string;
  submitted_at: string | null;
  decided_at: string | null;
};

/** Which of `ids` are variants of the business (item lines name variants by id). */
export async function existingVariantIds(db: Database, businessId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('variants')
    .select('id')
    .where('business_id', '=', businessId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}
