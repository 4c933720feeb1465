import type { Offer, UserRef, VariantRef } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { loadVariantRefMap } from '../catalog/catalog.repository.ts';
import { findUserRefs } from '../users/users.repository.ts';
import * as repo from './offers.repository.ts';

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const group = map.get(key(row));
    if (group) group.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/** The variant objects of the item lines, from the catalogue (one query per business, in practice one). */
async function variantRefsOf(
  db: Database,
  offers: ReadonlyArray<{ id: number; business_id: number }>,
  items: ReadonlyArray<{ offer_id: number; variant_id: number }>,
): Promise<Map<number, VariantRef>> {
  const businessOf = new Map(offers.map((o) => [o.id, o.business_id]));
  const idsBy = groupBy(items, (l) => businessOf.get(l.offer_id) ?? 0);
  const refs = new Map<number, VariantRef>();
  for (const [businessId, lines] of idsBy) {
    const map = await loadVariantRefMap(
      db,
      businessId,
      lines.map((l) => l.variant_id),
    );
    for (const [id, ref] of map) refs.set(id, ref);
  }
  return refs;
}

/** Offers as the API shows them (DESIGN.md section 4), in the order of `ids`; five queries in all. */
export async function loadOfferViews(db: Database, ids: readonly number[]): Promise<Offer[]> {
  if (ids.length === 0) return [];
  const [offers, money, items] = await Promise.all([
    repo.offersByIds(db, ids),
    repo.moneyLinesByOffers(db, ids),
    repo.itemLinesByOffers(db, ids),
  ]);
  if (offers.length === 0) return [];
  const userIds = [...new Set(offers.flatMap((o) => [o.created_by, o.from_user_id, o.to_user_id]))];
  const [userRows, variants] = await Promise.all([
    findUserRefs(db, userIds),
    variantRefsOf(db, offers, items),
  ]);
  const users = new Map<number, UserRef>(userRows.map((u) => [u.id, u]));
  const moneyBy = groupBy(money, (l) => l.offer_id);
  const itemsBy = groupBy(items, (l) => l.offer_id);
  const byId = new Map(offers.map((o) => [o.id, o]));
  const userOf = (id: number): UserRef =>
    users.get(id) ?? { id, email: '', first_name: '', last_name: '', code: '' };
  return ids.flatMap((id) => {
    const o = byId.get(id);
    if (!o) return [];
    return [
      {
        id: o.id,
        status: o.status,
        type: o.kind === 'MONEY' ? ('money' as const) : ('product' as const),
        created_by: userOf(o.created_by),
        from_user: userOf(o.from_user_id),
        to_user: userOf(o.to_user_id),
        money_lines: (moneyBy.get(id) ?? []).map((l) => ({
          currency: l.currency_id,
          currency_code: l.code,
          amount: l.amount,
        })),
        item_lines: (itemsBy.get(id) ?? []).flatMap((l) => {
          const variant = variants.get(l.variant_id);
          return variant ? [{ variant, product: variant.product, quantity: l.quantity }] : [];
        }),
        reason: o.reason,
        created_at: o.created_at.toISOString(),
        submitted_at: o.submitted_at?.toISOString() ?? null,
        decided_at: o.decided_at?.toISOString() ?? null,
      },
    ];
  });
}
