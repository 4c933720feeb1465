import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBusiness, createUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { seedStock } from '../../cli/seed/stock.ts';
import { createVariants } from './inventory.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('seeds demo stock through the ledger: balances, exits and product offers in several states', async () => {
  const business = await createBusiness(t.db);
  const users: Record<string, number> = {};
  for (const [email, role] of [
    ['taminotchi@demo.uz', "Ta'minotchi"],
    ['omborchi@demo.uz', 'Omborchi'],
    ['bozorchi@demo.uz', 'Bozorchi'],
  ] as const) {
    users[email] = (
      await createUser(t.db, { businessId: business.id, role, email: `${business.id}-${email}` })
    ).id;
  }
  await createVariants(t.db, business.id, 30);
  const started = Date.now();
  await seedStock(t.db, { businessId: business.id, users });
  expect(Date.now() - started).toBeLessThan(5000);
  await assertStockInvariants(t.db);

  const held = await t.db
    .selectFrom('stock_balances')
    .select(['department_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('qty_on_hand', '>', '0')
    .groupBy('department_id')
    .execute();
  const count = (email: string) => Number(held.find((h) => h.department_id === users[email])?.n ?? 0);
  expect(count('bozorchi@demo.uz')).toBeGreaterThan(10);
  expect(count('omborchi@demo.uz')).toBeGreaterThan(0);
  expect(count('taminotchi@demo.uz')).toBeGreaterThan(0);
  const statuses = await t.db
    .selectFrom('offers')
    .select('status')
    .where('business_id', '=', business.id)
    .execute();
  expect(new Set(statuses.map((s) => s.status))).toEqual(
    new Set(['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'CANCELED']),
  );
  const exits = await t.db
    .selectFrom('stock_exits')
    .select('id')
    .where('business_id', '=', business.id)
    .execute();
  expect(exits.length).toBeGreaterThan(0);
});
