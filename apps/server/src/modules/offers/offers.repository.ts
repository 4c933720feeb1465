import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { userRefJson } from '../users/users.repository.ts';

export type OfferStatus = 'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELED';

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
  kind: 'MONEY' | 'PRODUCT';
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
      .values(offer.moneyLines.map((l) => ({ offer_id: id, currency_id: l.currency, amount: l.amount })))
      .execute();
  }
  if (offer.itemLines.length > 0) {
    await trx
      .insertInto('offer_item_lines')
      .values(offer.itemLines.map((l) => ({ offer_id: id, variant_id: l.variant, quantity: l.quantity })))
      .execute();
  }
  return id;
}

/** The offer row, locked until the transaction ends: actions on one offer take turns. */
export function lockOffer(trx: Transaction<DB>, businessId: number, id: number) {
  return trx
    .selectFrom('offers')
    .select(OFFER_COLUMNS)
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .forUpdate()
    .executeTakeFirst();
}

export type OfferRow = NonNullable<Awaited<ReturnType<typeof lockOffer>>>;

export function setOfferStatus(
  trx: Transaction<DB>,
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
    .where('id', '=', id)
    .returning('decided_at')
    .executeTakeFirst();
}

export function deleteOffer(trx: Transaction<DB>, id: number) {
  return trx.deleteFrom('offers').where('id', '=', id).execute();
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
 * Offers with their lines and parties, in one query: what offers.views.ts shapes into the API's
 * offer objects (the variant objects of item lines come from the catalogue). Amounts and
 * quantities are NUMERIC as text, with their fixed scale.
 */
export function offerRowsByIds(db: Database, ids: readonly number[]) {
  return db
    .selectFrom('offers as o')
    .select(OFFER_COLUMNS.map((c) => `o.${c}` as const))
    .select([
      sql<Array<{ currency_id: number; code: string; amount: string }>>`coalesce((
        SELECT json_agg(json_build_object('currency_id', l.currency_id, 'code', c.code, 'amount', l.amount::text) ORDER BY l.id)
        FROM offer_money_lines l JOIN currencies c ON c.id = l.currency_id WHERE l.offer_id = o.id), '[]')`.as(
        'money_lines',
      ),
      sql<Array<{ variant_id: number; quantity: string }>>`coalesce((
        SELECT json_agg(json_build_object('variant_id', i.variant_id, 'quantity', i.quantity::text) ORDER BY i.id)
        FROM offer_item_lines i WHERE i.offer_id = o.id), '[]')`.as('item_lines'),
      userRefJson('o.created_by').as('creator'),
      userRefJson('o.from_user_id').as('from_user'),
      userRefJson('o.to_user_id').as('to_user'),
    ])
    .where('o.id', 'in', ids)
    .execute();
}

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
