import { expect } from 'vitest';
import { fund, USD, UZS } from '../src/modules/finance/finance.fixtures.ts';
import { createVariants, giveStock } from '../src/modules/inventory/inventory.fixtures.ts';
import { createSignedInUsers } from './factories.ts';
import type { TestApp } from './harness.ts';

/**
 * Rows in every ledger and in the audit log (DESIGN.md section 3): an exchange the server itself
 * writes (two money rows and their audit row) and a lot of stock with its move, for the tests of
 * what the database lets anyone do to them.
 */
export async function writeEveryLedger(t: TestApp): Promise<void> {
  const { businessId, users, as } = await createSignedInUsers(t.db, t.url, ['manager'] as const);
  await fund(t.db, users.manager, USD, '10');
  const res = await as.manager.post('offers/exchanges/', {
    from_currency: USD,
    to_currency: UZS,
    from_amount: '1.00',
  });
  expect(res.status).toBe(201);
  const [variant] = await createVariants(t.db, businessId);
  await giveStock(t.db, { businessId, departmentId: users.manager.id, variantId: variant!.id, qty: '3' });
}
