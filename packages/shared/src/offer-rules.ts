import type { OfferStatus } from './constants.ts';

/**
 * The offer state table of DESIGN.md section 3 "Offers", defined once: the server checks the
 * actor and the state with it (and passes it to money_apply, which re-checks it under the
 * offer's lock), the web shows the buttons it allows, and the API tests walk every cell of it.
 * Creating an offer (a party, -> DRAFT) is not an action on an existing offer, so it is not here.
 */
export const OFFER_ACTIONS = ['submit', 'delete', 'cancel', 'approve', 'reject'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** The creator of the offer, or the other party (a non-party may do nothing). */
export type OfferSide = 'creator' | 'other';

export interface OfferTransition {
  who: OfferSide;
  from: readonly OfferStatus[];
  /** null: the offer is gone (a deleted DRAFT). */
  to: OfferStatus | null;
  /** 'move': money or stock moves from from_user to to_user, atomically, once. */
  effect: 'none' | 'move';
}

export const OFFER_TRANSITIONS: Readonly<Record<OfferAction, OfferTransition>> = {
  submit: { who: 'creator', from: ['DRAFT'], to: 'PENDING', effect: 'none' },
  delete: { who: 'creator', from: ['DRAFT'], to: null, effect: 'none' },
  cancel: { who: 'creator', from: ['DRAFT', 'PENDING'], to: 'CANCELED', effect: 'none' },
  approve: { who: 'other', from: ['PENDING'], to: 'APPROVED', effect: 'move' },
  reject: { who: 'other', from: ['PENDING'], to: 'REJECTED', effect: 'none' },
};

/** An offer's parties by id: the creator is always one of from/to (DESIGN.md section 3). */
export interface OfferParties {
  createdBy: number;
  fromUserId: number;
  toUserId: number;
}

/** Which side of the offer `userId` stands on, or null when it is no party to it. */
export function offerSideOf(offer: OfferParties, userId: number | undefined): OfferSide | null {
  if (userId === undefined || (userId !== offer.fromUserId && userId !== offer.toUserId)) return null;
  return userId === offer.createdBy ? 'creator' : 'other';
}

/** Whether the table lets `side` do `action` on an offer in `status`, and if not, why. */
export function offerActionRefusal(
  action: OfferAction,
  side: OfferSide | null,
  status: OfferStatus,
): 'actor' | 'state' | null {
  const rule = OFFER_TRANSITIONS[action];
  if (side !== rule.who) return 'actor';
  if (!rule.from.includes(status)) return 'state';
  return null;
}

/** The actions the table allows `side` on an offer in `status`, in the table's order. */
export function allowedOfferActions(side: OfferSide | null, status: OfferStatus): OfferAction[] {
  return OFFER_ACTIONS.filter((action) => offerActionRefusal(action, side, status) === null);
}
