import { formatMoney, formatQuantity, type Offer } from '@app/shared';

// Pure rules of the Income and Outcome tables (spec.md sections 2 and 4), tested beside.

export type OfferRowView =
  | { kind: 'actions'; actions: Array<'submit' | 'delete' | 'cancel' | 'approve' | 'reject'> }
  | { kind: 'label'; text: string }
  | { kind: 'none' };

/**
 * spec.md section 4: DRAFT: the creator submits or deletes (and may cancel, DESIGN.md section 3);
 * PENDING: the creator sees only 'JO'NATILDI', the other party approves or rejects; APPROVED:
 * 'TASDIQLANDI'; REJECTED and CANCELED: nothing.
 */
export function offerRowView(
  offer: Pick<Offer, 'status' | 'created_by' | 'from_user' | 'to_user'>,
  me: number | undefined,
): OfferRowView {
  const isCreator = offer.created_by.id === me;
  const isParty = offer.from_user.id === me || offer.to_user.id === me;
  switch (offer.status) {
    case 'DRAFT':
      return isCreator ? { kind: 'actions', actions: ['submit', 'delete', 'cancel'] } : { kind: 'none' };
    case 'PENDING':
      if (isCreator) return { kind: 'label', text: "JO'NATILDI" };
      return isParty ? { kind: 'actions', actions: ['approve', 'reject'] } : { kind: 'none' };
    case 'APPROVED':
      return { kind: 'label', text: 'TASDIQLANDI' };
    default:
      return { kind: 'none' };
  }
}

/** The amount column: money lines as "50 USD", item lines as quantities. */
export function offerAmount(offer: Pick<Offer, 'money_lines' | 'item_lines'>): string {
  if (offer.money_lines.length > 0) {
    return offer.money_lines.map((l) => `${formatMoney(l.amount)} ${l.currency_code}`).join(', ');
  }
  return offer.item_lines.map((l) => `${formatQuantity(l.quantity)} × ${l.variant.sku}`).join(', ');
}

export function personName(user: Offer['from_user']): string {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name || user.email;
}

export const TYPE_LABELS: Record<Offer['type'], string> = { money: 'money', product: 'product' };
