import { D, fixedQuantity } from '@app/shared';
import { consumeLots, lockBalances, receiveLots, type Trx } from './stock-ledger.ts';

// The stock effect of an approved product offer (DESIGN.md section 3 "Offers" and "Stock"),
// called by the offers module inside its approval transaction.

export interface ProductOfferRef {
  id: number;
  business_id: number;
  from_user_id: number;
  to_user_id: number;
}

export interface OfferItemLineInput {
  variant_id: number;
  quantity: string;
}

/**
 * Moves every item line's quantity from `from_user` to `to_user`: the sender's lots are consumed
 * first-in first-out and each consumed part becomes a new lot of the receiver at the same unit
 * cost and currency. A shortfall throws a 409 AppError, so the caller's whole transaction rolls
 * back and the offer stays PENDING. `lines` defaults to the offer's stored item lines; `at`
 * back-dates the moves (the demo seed only).
 */
export async function applyOfferItems(
  trx: Trx,
  offer: ProductOfferRef,
  lines?: readonly OfferItemLineInput[],
  at?: Date,
): Promise<void> {
  const items =
    lines ??
    (await trx
      .selectFrom('offer_item_lines')
      .select(['variant_id', 'quantity'])
      .where('offer_id', '=', offer.id)
      .execute());
  const merged = mergeLines(items);
  if (merged.length === 0) return;

  // Both sides of every line, locked in one fixed order before any change.
  await lockBalances(
    trx,
    offer.business_id,
    merged.flatMap((l) => [
      { departmentId: offer.from_user_id, variantId: l.variant_id },
      { departmentId: offer.to_user_id, variantId: l.variant_id },
    ]),
  );

  for (const line of merged) {
    const consumed = await consumeLots(trx, {
      businessId: offer.business_id,
      departmentId: offer.from_user_id,
      variantId: line.variant_id,
      qty: line.quantity,
      reason: { kind: 'OFFER_OUT', offerId: offer.id },
      ...(at ? { at } : {}),
    });
    await receiveLots(
      trx,
      { businessId: offer.business_id, departmentId: offer.to_user_id, variantId: line.variant_id },
      consumed.map((part) => ({
        qty: part.qty,
        unitCost: part.unitCost,
        currencyId: part.currencyId,
        source: { kind: 'OFFER_IN' as const, offerId: offer.id, sourceLotId: part.lotId },
        ...(at ? { at } : {}),
      })),
    );
  }
}

/** One line per variant (two lines of the same variant add up), in variant order. */
function mergeLines(items: readonly OfferItemLineInput[]): OfferItemLineInput[] {
  const byVariant = new Map<number, InstanceType<typeof D>>();
  for (const item of items) {
    byVariant.set(item.variant_id, (byVariant.get(item.variant_id) ?? new D(0)).plus(item.quantity));
  }
  return [...byVariant.entries()]
    .sort(([a], [b]) => a - b)
    .map(([variant_id, qty]) => ({ variant_id, quantity: fixedQuantity(qty) }));
}
