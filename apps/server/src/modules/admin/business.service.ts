import type { Database } from '../../db/connection.ts';
import { recordRate } from '../finance/finance.service.ts';

/** Every business has these from its first day (DESIGN.md section 9); UZS is the pivot at 1. */
const OPENING_CURRENCIES = ['UZS', 'USD'] as const;

/**
 * A new business, with USD and UZS at the opening rates of the global currency rows (the admin
 * sets its own rates from then on). Call inside a transaction. `openedAt` dates the first rates
 * (the demo seed's history starts in the past).
 */
export async function openBusiness(trx: Database, name: string, openedAt?: Date) {
  const business = await trx
    .insertInto('businesses')
    .values({ name })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  const currencies = await trx
    .selectFrom('currencies')
    .select(['id', 'opening_rate_to_uzs'])
    .where('code', 'in', OPENING_CURRENCIES)
    .orderBy('id')
    .execute();
  for (const c of currencies) {
    await recordRate(trx, {
      businessId: business.id,
      currencyId: c.id,
      rateToUzs: c.opening_rate_to_uzs,
      source: 'MANUAL',
      createdBy: null,
      ...(openedAt ? { createdAt: openedAt } : {}),
    });
  }
  return business;
}
