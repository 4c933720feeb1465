import { CURRENCY_IDS, D, fixedQuantity } from '@app/shared';
import { type ConsumedLot, consumeLots, lockBalances, receiveLots, type Trx } from './stock-ledger.ts';

// The stock effect of an approved product offer (DESIGN.md section 3 "Offers" and "Stock", and
// section 20 for a transfer received short), called by the offers module inside its approval
// transaction. Nothing leaves the sender before the approval: submit moves no stock.

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

/** What arrived of a line sent short (checked by the caller: 0 ≤ qty < sent, reason given). */
export interface ReceivedShort {
  qty: string;
  reason: string;
}

/** A TRANSIT_LOSS exit an approval wrote off from the sender, and the lots it consumed. */
export interface TransitLoss {
  exitId: number;
  variantId: number;
  qty: string;
  reason: string;
  lots: ConsumedLot[];
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
  await moveOfferItems(trx, offer, lines ?? (await storedLines(trx, offer)), { at });
}

/**
 * DESIGN.md section 20: the offer's lines received, those in `short` (by variant) less than sent.
 * The sender's stock gives the whole quantity sent, once: what arrived moves to the receiver as
 * `applyOfferItems` moves it (the oldest lots first), and the rest leaves the sender as one
 * TRANSIT_LOSS exit per line (the next lots in FIFO order), whose value is those lots' cost.
 * sent = received + lost, and nothing is created.
 */
export async function receiveOfferItems(
  trx: Trx,
  offer: ProductOfferRef,
  short: ReadonlyMap<number, ReceivedShort>,
  createdBy: number,
): Promise<TransitLoss[]> {
  return moveOfferItems(trx, offer, await storedLines(trx, offer), { short, createdBy });
}

function storedLines(trx: Trx, offer: ProductOfferRef): Promise<OfferItemLineInput[]> {
  return trx
    .selectFrom('offer_item_lines')
    .select(['variant_id', 'quantity'])
    .where('business_id', '=', offer.business_id)
    .where('offer_id', '=', offer.id)
    .execute();
}

interface MoveOptions {
  at?: Date | undefined;
  short?: ReadonlyMap<number, ReceivedShort>;
  createdBy?: number;
}

async function moveOfferItems(
  trx: Trx,
  offer: ProductOfferRef,
  items: readonly OfferItemLineInput[],
  options: MoveOptions,
): Promise<TransitLoss[]> {
  const merged = mergeLines(items);
  if (merged.length === 0) return [];
  const { at } = options;

  // Both sides of every line, locked in one fixed order before any change.
  await lockBalances(
    trx,
    offer.business_id,
    merged.flatMap((l) => [
      { departmentId: offer.from_user_id, variantId: l.variant_id },
      { departmentId: offer.to_user_id, variantId: l.variant_id },
    ]),
  );

  const losses: TransitLoss[] = [];
  for (const line of merged) {
    const short = options.short?.get(line.variant_id);
    const received = short ? short.qty : line.quantity;
    if (new D(received).gt(0)) {
      const consumed = await consumeLots(trx, {
        businessId: offer.business_id,
        departmentId: offer.from_user_id,
        variantId: line.variant_id,
        qty: received,
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
    if (short) {
      const lost = fixedQuantity(new D(line.quantity).minus(short.qty));
      losses.push(await writeOffLoss(trx, offer, line.variant_id, lost, short.reason, options.createdBy));
    }
  }
  return losses;
}

/** One TRANSIT_LOSS exit from the sender: the exit row, then its lots consumed first-in first-out. */
async function writeOffLoss(
  trx: Trx,
  offer: ProductOfferRef,
  variantId: number,
  qty: string,
  reason: string,
  createdBy: number | undefined,
): Promise<TransitLoss> {
  // The exit's currency is that of the first lot it will consume (the balance row is locked).
  const next = await trx
    .selectFrom('stock_lots')
    .select('currency_id')
    .where('business_id', '=', offer.business_id)
    .where('department_id', '=', offer.from_user_id)
    .where('variant_id', '=', variantId)
    .where('qty_remaining', '>', '0')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  // None: the sender lacks the stock, and consumeLots below refuses it (409).
  const currencyId = next?.currency_id ?? CURRENCY_IDS.UZS;
  const exit = await trx
    .insertInto('stock_exits')
    .values({
      business_id: offer.business_id,
      department_id: offer.from_user_id,
      variant_id: variantId,
      qty_issued: qty,
      unit_price: null,
      currency_id: currencyId,
      type: 'TRANSIT_LOSS',
      note: reason,
      offer_id: offer.id,
      created_by: createdBy ?? offer.to_user_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A sender without the stock is refused here as for any exit (409), and everything rolls back.
  const lots = await consumeLots(trx, {
    businessId: offer.business_id,
    departmentId: offer.from_user_id,
    variantId,
    qty,
    reason: { kind: 'EXIT', exitId: exit.id },
  });
  return { exitId: exit.id, variantId, qty, reason, lots };
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
