import { D, fixedQuantity, type Message, msg, type OfferReceivedLine } from '@app/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { auditAs } from '../../lib/audit.ts';
import type { Actor } from '../../lib/context.ts';
import { badRequest, type FieldErrors, fieldError } from '../../lib/errors.ts';
import type { ReceivedShort, TransitLoss } from '../inventory/inventory.service.ts';
import { notifyTransitLoss } from '../notifications/notifications.service.ts';

// A product offer approved with the quantities received (DESIGN.md section 20). The choices made:
// the lines are named by variant (an offer has one line per variant); only the receiving
// department states what it received (the sender approving a request has nothing to count); a
// line short of what was sent needs a reason; lines not named arrive in full.

type Trx = Transaction<DB>;

interface LockedOffer {
  id: number;
  kind: string;
  business_id: number;
  from_user_id: number;
  to_user_id: number;
}

/**
 * Checks `received` against the offer's lines, every error at once on its line
 * (`received.2.qty`): 400, nothing changed. Answers the lines that arrived short, by variant.
 */
export async function shortLinesOf(
  trx: Trx,
  actor: Actor,
  offer: LockedOffer,
  received: readonly OfferReceivedLine[],
): Promise<Map<number, ReceivedShort>> {
  if (offer.kind !== 'PRODUCT')
    throw fieldError('received', msg('errors.offers.received_only_product_offer'));
  if (actor.id !== offer.to_user_id)
    throw fieldError('received', msg('errors.offers.received_only_by_receiver'));
  const rows = await trx
    .selectFrom('offer_item_lines')
    .select(['variant_id', 'quantity'])
    .where('business_id', '=', actor.businessId)
    .where('offer_id', '=', offer.id)
    .execute();
  const sent = new Map<number, InstanceType<typeof D>>();
  for (const r of rows) sent.set(r.variant_id, (sent.get(r.variant_id) ?? new D(0)).plus(r.quantity));

  const fields: FieldErrors = {};
  const short = new Map<number, ReceivedShort>();
  const seen = new Set<number>();
  received.forEach((line, i) => {
    const checked = checkLine(line, sent.get(line.variant), seen);
    seen.add(line.variant);
    if ('field' in checked) fields[`received.${i}.${checked.field}`] = [checked.message];
    else if (checked.short) short.set(line.variant, checked.short);
  });
  const [first] = Object.values(fields);
  if (first?.[0]) throw badRequest(first[0], fields);
  return short;
}

/** One line against what was sent of its variant: its error, or what arrived short (none: in full). */
function checkLine(
  line: OfferReceivedLine,
  quantity: InstanceType<typeof D> | undefined,
  seen: ReadonlySet<number>,
): { field: string; message: Message } | { short: ReceivedShort | null } {
  if (seen.has(line.variant))
    return { field: 'variant', message: msg('errors.offers.received_variant_twice') };
  if (quantity === undefined)
    return { field: 'variant', message: msg('errors.offers.received_variant_not_in_offer') };
  const qty = new D(line.qty);
  if (qty.gt(quantity))
    return {
      field: 'qty',
      message: msg('errors.offers.received_more_than_sent', { sent: fixedQuantity(quantity) }),
    };
  if (qty.eq(quantity)) return { short: null };
  if (line.reason_text === '')
    return { field: 'reason_text', message: msg('errors.offers.shortage_needs_reason') };
  return { short: { qty: fixedQuantity(qty), reason: line.reason_text } };
}

/** Each loss's History line, and the sender's and Owners' notification, in the approval's transaction. */
export async function recordLosses(
  trx: Trx,
  actor: Actor,
  offer: LockedOffer & { senderEmail: string },
  losses: readonly TransitLoss[],
): Promise<void> {
  if (losses.length === 0) return;
  const sent = await trx
    .selectFrom('offer_item_lines as i')
    .innerJoin('variants as v', 'v.id', 'i.variant_id')
    .select(['i.variant_id', 'i.quantity', 'v.sku'])
    .where('i.business_id', '=', offer.business_id)
    .where('i.offer_id', '=', offer.id)
    .execute();
  const lines = losses.map((loss) => {
    const line = sent.find((s) => s.variant_id === loss.variantId);
    const quantity = fixedQuantity(line?.quantity ?? loss.qty);
    return {
      loss,
      sku: line?.sku ?? String(loss.variantId),
      sent: quantity,
      received: fixedQuantity(new D(quantity).minus(loss.qty)),
    };
  });
  for (const { loss, sku } of lines)
    await auditAs(trx, actor, {
      action: 'stock_exit.create',
      entity: 'stock_exit',
      entityId: loss.exitId,
      summary: msg('audit.offers.transit_loss', {
        id: offer.id,
        sku,
        qty: loss.qty,
        email: offer.senderEmail,
        reason: loss.reason,
        lots: loss.lots.map((l) => l.lotId).join(','),
      }),
    });
  await notifyTransitLoss(trx, {
    businessId: offer.business_id,
    offerId: offer.id,
    senderId: offer.from_user_id,
    lines: lines.map(({ loss, sku, sent: s, received }) => ({ sku, sent: s, received, reason: loss.reason })),
  });
}
