import { D, fixedQuantity, type Offer, type UserRef, type VariantRef } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { loadVariantRefMap } from '../catalog/variants.service.ts';
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

/**
 * Offers as the API shows them (DESIGN.md section 4), in the order of `ids`: one query, and one
 * more for the variant objects when there are item lines.
 */
export async function loadOfferViews(
  db: Database,
  businessId: number,
  ids: readonly number[],
): Promise<Offer[]> {
  if (ids.length === 0) return [];
  const offers = await repo.offerRowsByIds(db, businessId, ids);
  const variants = new Map<number, VariantRef>();
  // Every offer shown to a person is of their business: one catalogue query, in practice.
  for (const [businessId, group] of groupBy(offers, (o) => o.business_id)) {
    const variantIds = group.flatMap((o) => o.item_lines.map((l) => l.variant_id));
    if (variantIds.length === 0) continue;
    for (const [id, ref] of await loadVariantRefMap(db, businessId, variantIds)) variants.set(id, ref);
  }
  const byId = new Map(offers.map((o) => [o.id, o]));
  return ids.flatMap((id) => {
    const o = byId.get(id);
    return o ? [toOffer(o, variants)] : [];
  });
}

/** ISO 8601 UTC with milliseconds, from a timestamp read by the driver or inside JSON. */
function isoTime(value: Date | string): string {
  return (typeof value === 'string' ? new Date(value) : value).toISOString();
}

/**
 * One offer_views row as the API's offer: from a query, or from money_apply's answer (JSON, where
 * times are text). `variants` holds the variant objects of its item lines.
 */
export function toOffer(
  o: repo.OfferViewRow | repo.OfferViewJson,
  variants: ReadonlyMap<number, VariantRef>,
): Offer {
  const userOf = (ref: UserRef | null, id: number): UserRef =>
    ref ?? { id, email: '', first_name: '', last_name: '', code: '' };
  return {
    id: o.id,
    status: o.status,
    type: o.kind === 'MONEY' ? 'money' : 'product',
    created_by: userOf(o.creator, o.created_by),
    from_user: userOf(o.from_user, o.from_user_id),
    to_user: userOf(o.to_user, o.to_user_id),
    money_lines: o.money_lines.map((l) => ({
      currency: l.currency_id,
      currency_code: l.code,
      amount: l.amount,
    })),
    item_lines: o.item_lines.flatMap((l) => {
      const variant = variants.get(l.variant_id);
      if (!variant) return [];
      // DESIGN.md section 20: an approved line arrived less its loss; a money offer's JSON has no loss.
      const lost = l.lost ?? '0.000';
      const received = o.status === 'APPROVED' ? fixedQuantity(new D(l.quantity).minus(lost)) : null;
      return [
        {
          variant,
          product: variant.product,
          quantity: l.quantity,
          received,
          lost,
          loss_reason: l.loss_reason ?? null,
        },
      ];
    }),
    reason: o.reason,
    created_at: isoTime(o.created_at),
    submitted_at: o.submitted_at === null ? null : isoTime(o.submitted_at),
    decided_at: o.decided_at === null ? null : isoTime(o.decided_at),
  };
}
