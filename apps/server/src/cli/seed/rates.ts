import { CURRENCY_IDS, D, DAY_MS, fixedRate } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { findCurrencyById, recordRate } from '../../modules/finance/finance.repository.ts';
import { type DemoCore, demoOpenedAt, RATE_HISTORY_DAYS } from './core.ts';

// The demo business's USD rate history (DESIGN.md section 9): a daily rate from the day the
// business opened (RATE_HISTORY_DAYS ago, at the opening rate) to today, mostly from the Central
// Bank on working days, now and then set by hand; today it is back at the opening rate, so the
// demo's exchanges quote what spec.md's examples show.

const { USD } = CURRENCY_IDS;

/** A gentle wave around the opening rate: about ±1.5%, the same on every machine. */
function usdRateOn(day: number, opening: string): string {
  const wave = Math.sin((day / RATE_HISTORY_DAYS) * Math.PI * 2) * 0.012 + Math.sin(day * 1.7) * 0.002;
  return fixedRate(new D(opening).times(1 + wave).toDecimalPlaces(2));
}

export async function seedRates(db: Database, core: DemoCore): Promise<void> {
  const opening = await findCurrencyById(db, core.businessId, USD);
  if (!opening) throw new Error('the demo business has no USD rate');
  const owner = core.users['owner@demo.uz'] ?? null;
  const start = demoOpenedAt().getTime();
  await inTransaction(db, async (trx) => {
    // Up to yesterday: each working day at 16:05 in Tashkent (11:05 UTC), when the Central
    // Bank's rates are out.
    for (let day = 1; day < RATE_HISTORY_DAYS; day++) {
      const at = new Date(Math.floor((start + day * DAY_MS) / DAY_MS) * DAY_MS + 11 * 3_600_000 + 5 * 60_000);
      const weekday = at.getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const manual = day % 17 === 0;
      await recordRate(trx, {
        businessId: core.businessId,
        currencyId: USD,
        rateToUzs: usdRateOn(day, opening.rate_to_uzs),
        source: manual ? 'MANUAL' : 'CBU',
        rateDate: manual ? null : at.toISOString().slice(0, 10),
        createdBy: manual ? owner : null,
        createdAt: at,
      });
    }
    // Today: set back by hand to the opening rate.
    await recordRate(trx, {
      businessId: core.businessId,
      currencyId: USD,
      rateToUzs: opening.rate_to_uzs,
      source: 'MANUAL',
      createdBy: owner,
      createdAt: new Date(Date.now() - 60_000),
    });
  });
}

/** The USD rate in force at each moment of the seeded history (for the seeded ledger rows). */
export async function usdRateAt(db: Database, businessId: number): Promise<(at: Date) => string> {
  const rows = await db
    .selectFrom('currency_rates')
    .select(['rate_to_uzs', 'created_at'])
    .where('business_id', '=', businessId)
    .where('currency_id', '=', USD)
    .orderBy('id')
    .execute();
  return (at) => {
    let rate = rows[0]?.rate_to_uzs ?? '1';
    for (const r of rows) {
      if (r.created_at.getTime() > at.getTime()) break;
      rate = r.rate_to_uzs;
    }
    return rate;
  };
}
