import {
  allowedOfferActions,
  formatMoneyFixed,
  formatQuantity,
  type Offer,
  type OfferAction,
  offerSideOf,
  type UnitMeasure,
} from '@app/shared';
import type { MessageKey } from '../../i18n/catalogue.ts';

// Pure rules of the Income and Outcome tables (spec.md sections 2 and 4), tested beside.

export type OfferRowView =
  | { kind: 'actions'; actions: OfferAction[] }
  | { kind: 'label'; text: MessageKey }
  | { kind: 'none' };

/**
 * The buttons are those the state table (OFFER_TRANSITIONS, DESIGN.md section 3) allows me on
 * the offer, with spec.md section 4's labels in their place: the creator of a PENDING offer sees
 * only 'JO'NATILDI' (cancel stays an API action), an APPROVED offer shows 'TASDIQLANDI'.
 */
export function offerRowView(
  offer: Pick<Offer, 'status' | 'created_by' | 'from_user' | 'to_user'>,
  me: number | undefined,
): OfferRowView {
  const side = offerSideOf(
    { createdBy: offer.created_by.id, fromUserId: offer.from_user.id, toUserId: offer.to_user.id },
    me,
  );
  if (offer.status === 'PENDING' && side === 'creator') return { kind: 'label', text: 'offers.row.sent' };
  if (offer.status === 'APPROVED') return { kind: 'label', text: 'offers.row.approved' };
  const actions = allowedOfferActions(side, offer.status);
  return actions.length > 0 ? { kind: 'actions', actions } : { kind: 'none' };
}

/**
 * The amount column: money lines as "50 USD", item lines as quantities with their unit ("12.5 m ×
 * KL-01", DESIGN.md section 16) when `quantity` (i18n/unit-labels.ts useQuantityText) is given.
 */
export function offerAmount(
  offer: Pick<Offer, 'money_lines' | 'item_lines'>,
  quantity: (qty: string, unit: UnitMeasure) => string = (qty) => formatQuantity(qty),
): string {
  if (offer.money_lines.length > 0) {
    return offer.money_lines.map((l) => `${formatMoneyFixed(l.amount)} ${l.currency_code}`).join(', ');
  }
  return offer.item_lines.map((l) => `${quantity(l.quantity, l.variant.unit)} × ${l.variant.sku}`).join(', ');
}

export function personName(user: Offer['from_user']): string {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name || user.email;
}

export const TYPE_LABELS: Record<Offer['type'], MessageKey> = {
  money: 'offers.type.money',
  product: 'offers.type.product',
};
