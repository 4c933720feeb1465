import { D, fixedQuantity, msg } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import * as repo from './notifications.repository.ts';
import { notify } from './notify.ts';

// The notifications other modules' services write, each inside the transaction of its cause
// (DESIGN.md section 13), so a refused or rolled-back operation leaves none. The offers' own
// (OFFER_PENDING, OFFER_DECIDED) are the offers' trigger's (db/functions/85_events.sql).

/** A department's balance of a variant after a decrease, and the variant's threshold. */
export interface StockDecrease {
  businessId: number;
  departmentId: number;
  variantId: number;
  /** The balance before and after the decrease, and variants.min_qty. */
  before: string;
  after: string;
  minQty: string | null;
}

/**
 * Whether a decrease crossed the variant's threshold: at or under min_qty now and above it
 * before, so a department selling on while under it is told once, not at every sale.
 */
export function crossedMinQty(d: Pick<StockDecrease, 'before' | 'after' | 'minQty'>): boolean {
  if (d.minQty === null) return false;
  return new D(d.after).lte(d.minQty) && new D(d.before).gt(d.minQty);
}

/**
 * LOW_STOCK (DESIGN.md sections 11 and 13): to the department whose stock of a variant fell to
 * or under its min_qty, and to the business's Owners. Called by the stock ledger for every
 * decrease (exits and approved product offers alike); does nothing unless the threshold was
 * crossed.
 */
export async function notifyLowStock(trx: Database, d: StockDecrease): Promise<void> {
  if (!crossedMinQty(d)) return;
  const subject = await repo.lowStockSubject(trx, d.businessId, d.variantId, d.departmentId);
  if (!subject) return;
  const owners = await repo.activeOwners(trx, d.businessId);
  const recipients = [d.departmentId, ...owners.filter((id) => id !== d.departmentId)];
  const qty = fixedQuantity(d.after);
  const min = fixedQuantity(d.minQty ?? '0');
  await notify(
    trx,
    recipients.map((userId) => ({
      businessId: d.businessId,
      userId,
      kind: 'LOW_STOCK' as const,
      title: msg('notice.low_stock', { sku: subject.sku }),
      body:
        userId === d.departmentId
          ? msg('notice.left_minimum', { label: subject.label, qty, min })
          : msg('notice.left_in_department_minimum', {
              label: subject.label,
              department_email: subject.department_email,
              qty,
              min,
            }),
      entity: { type: 'variant' as const, id: d.variantId },
    })),
  );
}

/** A rate set for a currency of the business. */
export interface RateChange {
  currencyId: number;
  code: string;
  rateToUzs: string;
  before: string;
}

/**
 * RATE_CHANGED (DESIGN.md section 13): to every active user of the business, one notification
 * per rate set by hand, one per Central Bank import (naming every rate it changed).
 */
export async function notifyRateChanged(
  trx: Database,
  businessId: number,
  changes: readonly RateChange[],
  cbuDate?: string,
): Promise<void> {
  const [first] = changes;
  if (!first) return;
  const line = (c: RateChange) => `1 ${c.code} = ${c.rateToUzs} UZS`;
  const title = cbuDate
    ? msg('notice.central_bank_rates', { cbuDate })
    : msg('notice.exchange_rate_changed', { line: line(first) });
  const body = msg('notice.rate_lines', {
    lines: changes.map((c) => msg('notice.rate_was', { rate: line(c), before: c.before })),
  });
  const users = await repo.activeUsers(trx, businessId);
  await notify(
    trx,
    users.map((userId) => ({
      businessId,
      userId,
      kind: 'RATE_CHANGED' as const,
      title,
      body,
      ...(changes.length === 1 ? { entity: { type: 'currency' as const, id: first.currencyId } } : {}),
    })),
  );
}

/** A line of a transfer that arrived short (DESIGN.md section 20). */
export interface ShortLine {
  sku: string;
  sent: string;
  received: string;
  reason: string;
}

/**
 * A product offer approved with a shortage (DESIGN.md section 20): to the sending department and
 * the business's Owners, naming each short line; kind OFFER_DECIDED (the offer's own decision),
 * linked to the offer.
 */
export async function notifyTransitLoss(
  trx: Database,
  t: { businessId: number; offerId: number; senderId: number; lines: readonly ShortLine[] },
): Promise<void> {
  if (t.lines.length === 0) return;
  const owners = await repo.activeOwners(trx, t.businessId);
  const recipients = [t.senderId, ...owners.filter((id) => id !== t.senderId)];
  const body = msg('notice.transit_loss_lines', {
    lines: t.lines.map((l) => msg('notice.transit_loss_line', { ...l })),
  });
  await notify(
    trx,
    recipients.map((userId) => ({
      businessId: t.businessId,
      userId,
      kind: 'OFFER_DECIDED' as const,
      title: msg('notice.transfer_arrived_short', { id: t.offerId }),
      body,
      entity: { type: 'offer' as const, id: t.offerId },
    })),
  );
}
