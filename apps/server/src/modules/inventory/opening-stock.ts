import { receiveLot, type Trx } from './stock-ledger.ts';

// Opening stock (DESIGN.md section 17): lots a business brings in, each an ADJUSTMENT entry of
// its department with its own cost, posted in the caller's transaction by the one stock ledger.

export interface OpeningLot {
  departmentId: number;
  variantId: number;
  qty: string;
  unitCost: string;
  currencyId: number;
  location: string;
}

/**
 * Posts every lot as an ADJUSTMENT entry with `reason`; the balances are locked in (department,
 * variant) order, as every other writer of several keys locks them.
 */
export async function receiveOpeningStock(
  trx: Trx,
  by: { businessId: number; actorId: number },
  reason: string,
  lots: readonly OpeningLot[],
  /** Told how many lots are posted so far, after each. */
  done?: (lots: number) => Promise<void>,
): Promise<number> {
  const ordered = [...lots].sort((a, b) => a.departmentId - b.departmentId || a.variantId - b.variantId);
  for (const [i, lot] of ordered.entries()) {
    const entry = await trx
      .insertInto('stock_entries')
      .values({
        business_id: by.businessId,
        department_id: lot.departmentId,
        variant_id: lot.variantId,
        qty_received: lot.qty,
        unit_cost: lot.unitCost,
        currency_id: lot.currencyId,
        type: 'ADJUSTMENT',
        location: lot.location,
        reason_text: reason,
        created_by: by.actorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await receiveLot(trx, {
      businessId: by.businessId,
      departmentId: lot.departmentId,
      variantId: lot.variantId,
      qty: lot.qty,
      unitCost: lot.unitCost,
      currencyId: lot.currencyId,
      source: { kind: 'ENTRY', entryId: entry.id },
    });
    await done?.(i + 1);
  }
  return ordered.length;
}
