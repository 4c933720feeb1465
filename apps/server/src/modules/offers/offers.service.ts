import {
  type AuditAction,
  fixedMoney,
  fixedQuantity,
  type Message,
  msg,
  OFFER_TRANSITIONS,
  type Offer,
  type OfferAction,
  type OfferCreateBodySchema,
  type OfferReceivedLine,
  type OfferSide,
  type OfferStatus,
  offerActionRefusal,
  offerSideOf,
  seesWholeBusiness,
} from '@app/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { auditAs } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { type IdempotencyScope, runIdempotent } from '../../lib/idempotency.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { applyMoney, findCurrenciesByIds, OfferRuleViolation } from '../finance/finance.service.ts';
import { applyOfferItems, receiveOfferItems } from '../inventory/inventory.service.ts';
import { isBusinessUser } from '../users/me.service.ts';
import { STATUS_TEXTS } from './offers.export.ts';
import { recordLosses, shortLinesOf } from './offers.received.ts';
import type { OfferViewJson } from './offers.repository.ts';
import * as repo from './offers.repository.ts';
import { loadOfferViews, toOffer } from './offers.views.ts';

export { offersFile, STATUS_TEXTS as OFFER_STATUS_TEXTS } from './offers.export.ts';

type CreateBody = z.output<typeof OfferCreateBodySchema>;

function assertDistinct(ids: readonly number[], field: string, message: Message) {
  if (new Set(ids).size !== ids.length) throw fieldError(field, message);
}

/** Shape rules of DESIGN.md section 3 "Offers" that need the database: parties, currencies, variants. */
async function validateOffer(deps: Pick<Deps, 'db'>, actor: Actor, body: CreateBody) {
  const hasMoney = body.money_lines.length > 0;
  const hasItems = body.item_lines.length > 0;
  if (hasMoney === hasItems) {
    throw badRequest(msg('errors.offers.offer_must_have_either_money'), {
      non_field_errors: [msg('errors.offers.money_or_item_lines')],
    });
  }
  if (body.from_user === body.to_user) {
    throw badRequest(msg('errors.offers.sender_and_receiver_must_different'), {
      non_field_errors: [msg('errors.offers.parties_must_differ')],
    });
  }
  // The creator is one party: an outcome (I send) or an income (I ask).
  if (actor.id !== body.from_user && actor.id !== body.to_user) {
    throw forbidden(msg('errors.offers.offer_can_only_created_by'));
  }
  const otherField = actor.id === body.from_user ? 'to_user' : 'from_user';
  const otherId = actor.id === body.from_user ? body.to_user : body.from_user;
  if (!(await isBusinessUser(deps.db, actor.businessId, otherId)))
    throw fieldError(otherField, msg('validation.forms.user_not_found'));

  const currencyIds = body.money_lines.map((l) => l.currency);
  assertDistinct(currencyIds, 'money_lines', msg('errors.offers.each_currency_may_appear_only'));
  const currencies = await findCurrenciesByIds(deps.db, actor.businessId, currencyIds);
  if (currencies.length !== currencyIds.length)
    throw fieldError('money_lines', msg('errors.finance.currency_not_found'));

  const variantIds = body.item_lines.map((l) => l.variant);
  assertDistinct(variantIds, 'item_lines', msg('errors.offers.each_variant_may_appear_only'));
  const known = await repo.existingVariantIds(deps.db, actor.businessId, variantIds);
  if (variantIds.some((id) => !known.has(id)))
    throw fieldError('item_lines', msg('errors.offers.variant_not_found'));
}

/** POST offers/offers/: a new DRAFT (DESIGN.md section 3 "Offers"). */
export async function createOffer(deps: Pick<Deps, 'db'>, actor: Actor, body: CreateBody): Promise<Offer> {
  await validateOffer(deps, actor, body);
  const id = await inTransaction(deps.db, async (trx) => {
    const offerId = await repo.insertOffer(trx, {
      businessId: actor.businessId,
      kind: body.money_lines.length > 0 ? 'MONEY' : 'PRODUCT',
      createdBy: actor.id,
      fromUserId: body.from_user,
      toUserId: body.to_user,
      reason: body.reason_text,
      moneyLines: body.money_lines.map((l) => ({ currency: l.currency, amount: fixedMoney(l.amount) })),
      itemLines: body.item_lines.map((l) => ({ variant: l.variant, quantity: fixedQuantity(l.quantity) })),
    });
    const parties = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('business_id', '=', actor.businessId)
      .where('id', 'in', [body.from_user, body.to_user])
      .execute();
    const email = (id: number) => parties.find((p) => p.id === id)?.email ?? String(id);
    const [from, to, reason] = [email(body.from_user), email(body.to_user), body.reason_text];
    await audit(
      trx,
      actor,
      'offer.create',
      offerId,
      body.money_lines.length > 0
        ? msg('audit.offers.money_offer_created', { offerId, from, to, reason })
        : msg('audit.offers.product_offer_created', { offerId, from, to, reason }),
    );
    return offerId;
  });
  return viewOf(deps, actor, id);
}

async function viewOf(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<Offer> {
  const [view] = await loadOfferViews(deps.db, actor.businessId, [id]);
  if (!view) throw notFound();
  return view;
}

function audit(trx: Transaction<DB>, actor: Actor, action: AuditAction, offerId: number, summary: Message) {
  return auditAs(trx, actor, {
    action,
    entity: 'offer',
    entityId: offerId,
    summary,
  });
}

export async function listMyOffers(deps: Pick<Deps, 'db'>, actor: Actor, side: 'incomes' | 'outcomes') {
  const ids = await repo.listOfferIds(
    deps.db,
    actor.businessId,
    actor.id,
    side === 'incomes' ? 'to' : 'from',
  );
  return loadOfferViews(deps.db, actor.businessId, ids);
}

/**
 * One offer, to its parties and to the viewers of the whole business (DESIGN.md part two: they
 * read every History row, and a row's offer opens); others and other businesses get 404.
 */
export async function getOffer(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<Offer> {
  const view = (await loadOfferViews(deps.db, actor.businessId, [id]))[0];
  if (!view) throw notFound();
  // A party is a user of the offer's business; a viewer's business is checked.
  const party = view.from_user.id === actor.id || view.to_user.id === actor.id;
  if (party) return view;
  if (seesWholeBusiness(actor.role) && (await repo.findOfferKind(deps.db, actor.businessId, id))) return view;
  throw notFound();
}

const WRONG_ACTOR: Record<OfferSide, Message> = {
  creator: msg('errors.offers.creator_only'),
  other: msg('errors.offers.other_party_only'),
};

/** Locks the offer, then checks actor (403) and state (409) by the state table, in the transaction. */
async function lockForAction(trx: Transaction<DB>, actor: Actor, id: number, action: OfferAction) {
  const offer = await repo.lockOffer(trx, actor.businessId, id);
  if (!offer) throw notFound();
  const side = offerSideOf(
    { createdBy: offer.created_by, fromUserId: offer.from_user_id, toUserId: offer.to_user_id },
    actor.id,
  );
  const refusal = offerActionRefusal(action, side, offer.status);
  if (refusal === 'actor') throw forbidden(WRONG_ACTOR[OFFER_TRANSITIONS[action].who]);
  if (refusal === 'state') throw wrongState(action, offer.status);
  return offer;
}

function wrongState(action: OfferAction, status: string) {
  const [first = '', second] = OFFER_TRANSITIONS[action].from;
  return conflict(
    second === undefined
      ? msg('errors.offers.wrong_state', { status, first })
      : msg('errors.offers.wrong_state_either', { status, first, second }),
  );
}

/** The state an action leaves the offer in; only delete leaves none. */
function targetState(action: Exclude<OfferAction, 'delete'>): OfferStatus {
  const to = OFFER_TRANSITIONS[action].to;
  if (to === null) throw new Error(`the state table gives ${action} no target state`);
  return to;
}

/** submit, cancel, reject: a state change with no effect. */
export async function changeOfferState(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  action: 'submit' | 'cancel' | 'reject',
): Promise<Offer> {
  await inTransaction(deps.db, async (trx) => {
    const offer = await lockForAction(trx, actor, id, action);
    const to = targetState(action);
    await repo.setOfferStatus(
      trx,
      actor.businessId,
      id,
      to,
      action === 'submit' ? { submitted: true } : action === 'reject' ? { decidedBy: actor.id } : {},
    );
    await audit(
      trx,
      actor,
      `offer.${action}`,
      id,
      msg('audit.offers.status_changed', { id, status: STATUS_TEXTS[offer.status], to: STATUS_TEXTS[to] }),
    );
  });
  return viewOf(deps, actor, id);
}

export async function deleteOffer(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    await lockForAction(trx, actor, id, 'delete');
    await repo.deleteOffer(trx, actor.businessId, id);
    await audit(trx, actor, 'offer.delete', id, msg('audit.offers.offer_draft_deleted', { id }));
  });
}

/**
 * PENDING -> APPROVED with its effect, atomically and once (DESIGN.md section 3). The offer's
 * kind, fixed at its creation, picks how: a money offer is approved in one statement by
 * money_apply; a product offer's stock moves in a transaction of the stock ledger. Either way the
 * offer row is locked first, so a racing second approval waits and then finds APPROVED (409), and
 * a shortfall throws 409 and rolls everything back: the offer stays PENDING.
 */
export async function approveOffer(
  deps: Pick<Deps, 'db' | 'caches' | 'moneyBatcher'>,
  actor: Actor,
  id: number,
  idempotency: IdempotencyScope | null,
  received?: readonly OfferReceivedLine[],
): Promise<Offer> {
  // Quantities received (DESIGN.md section 20) are a product offer's: checked under its lock.
  if (received !== undefined) return approveProductOffer(deps, actor, id, idempotency, received);
  // money_apply answers a product offer's kind as a value, having done nothing (no read of the
  // kind before: under load that one read cost a third of the approvals, docs/benchmarks.md).
  const money = await approveMoneyOffer(deps, actor, id, idempotency);
  return money.kind === 'MONEY' ? money.offer : approveProductOffer(deps, actor, id, idempotency);
}

/**
 * A money offer: money_apply checks the table's rule for approve under the offer's lock, moves
 * its lines and answers with the approved offer; an offer of another kind it answers with its
 * kind, having done nothing.
 */
async function approveMoneyOffer(
  deps: Pick<Deps, 'db' | 'caches' | 'moneyBatcher'>,
  actor: Actor,
  id: number,
  idempotency: IdempotencyScope | null,
): Promise<{ kind: 'MONEY'; offer: Offer } | { kind: 'OTHER' }> {
  const rule = OFFER_TRANSITIONS.approve;
  try {
    const answer = await applyMoney<{ offer: OfferViewJson } | { not_applied: { kind: string } }>(
      deps,
      actor.businessId,
      () => ({
        idempotency,
        rates: [],
        offer: {
          id,
          businessId: actor.businessId,
          actorId: actor.id,
          who: rule.who,
          from: rule.from,
          to: targetState('approve'),
          post: 'money_lines',
        },
        entries: [],
        audit: {
          businessId: actor.businessId,
          actorId: actor.id,
          action: 'offer.approve',
          entity: 'offer',
          entityId: id,
          // {from} and {to} become the parties' e-mails in money_apply (money_offer_audit).
          summary: msg('audit.offers.offer_pending_approved_money_transferred', {
            id,
            from: '{from}',
            to: '{to}',
          }),
          ip: actor.ip,
        },
      }),
    );
    if ('not_applied' in answer) return { kind: 'OTHER' };
    return { kind: 'MONEY', offer: toOffer(answer.offer, new Map()) };
  } catch (err) {
    if (!(err instanceof OfferRuleViolation)) throw err;
    if (err.kind === 'not_found') throw notFound();
    if (err.kind === 'actor') throw forbidden(WRONG_ACTOR[rule.who]);
    throw wrongState('approve', err.status ?? '');
  }
}

/**
 * A product offer: the stock moves in a transaction of the stock ledger. The answer is the offer
 * read before, with the decision: an offer's parties, lines and reason never change after it is
 * created, and its business, party and state are checked again under the row lock.
 */
async function approveProductOffer(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  idempotency: IdempotencyScope | null,
  received?: readonly OfferReceivedLine[],
): Promise<Offer> {
  const view = await viewOf(deps, actor, id);
  const answer = await inTransaction(deps.db, (trx) =>
    runIdempotent(trx, idempotency, async () => {
      const offer = await lockForAction(trx, actor, id, 'approve');
      const short = received ? await shortLinesOf(trx, actor, offer, received) : new Map();
      if (short.size === 0) await applyOfferItems(trx, offer);
      else {
        const losses = await receiveOfferItems(trx, offer, short, actor.id);
        await recordLosses(trx, actor, { ...offer, senderEmail: view.from_user.email }, losses);
      }
      const decided = await repo.setOfferStatus(trx, actor.businessId, id, 'APPROVED', {
        decidedBy: actor.id,
      });
      await audit(
        trx,
        actor,
        'offer.approve',
        id,
        msg('audit.offers.offer_pending_approved_products_transferred', {
          id,
          email: view.from_user.email,
          email2: view.to_user.email,
        }),
      );
      if (!decided?.decided_at) throw new Error('the approved offer has no decision time');
      return { decided_at: decided.decided_at.toISOString() };
    }),
  );
  // A loss changes the lines (received, lost): the approved offer is read again.
  if (received?.length) return viewOf(deps, actor, id);
  return {
    ...view,
    status: 'APPROVED',
    decided_at: answer.decided_at,
    item_lines: view.item_lines.map((l) => ({ ...l, received: l.quantity })),
  };
}
