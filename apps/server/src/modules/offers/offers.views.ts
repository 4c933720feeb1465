import type { Offer, UserRef } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import * as repo from './offers.repository.ts';

type ItemRow = Awaited<ReturnType<typeof repo.itemLinesByOffers>>[number];

/** The variant object of DESIGN.md section 4, its label as a person reads it. */
function variantRef(row: ItemRow) {
  const size = row.size_label || row.size_size || null;
  const label = [row.product_name, row.color_name, size].filter(Boolean).join(' / ');
  return {
    id: row.variant_id,
    sku: row.sku,
    label: `${label} (${row.sku})`,
    product_code: row.product_code,
    color_name: row.color_name,
    color_code: row.color_code,
    size_label: size,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
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
  const users = new Map<number, UserRef>((await repo.usersByIds(db, userIds)).map((u) => [u.id, u]));
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
        item_lines: (itemsBy.get(id) ?? []).map((l) => ({
          variant: variantRef(l),
          product: l.product_id,
          quantity: l.quantity,
        })),
        reason: o.reason,
        created_at: o.created_at.toISOString(),
        submitted_at: o.submitted_at?.toISOString() ?? null,
        decided_at: o.decided_at?.toISOString() ?? null,
      },
    ];
  });
}
