import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { createVariants, giveStock } from './inventory.fixtures.ts';

// The server keeps each department's balance rows and reads only those changed since the highest
// version it holds (inventory.service.ts myBalances). A change that commits after a later one
// has a lower version: it must still reach the answer. Needs two open transactions at once, so
// PostgreSQL only.

let t: TestApp;
let trader: ApiClient;
let me: number;
let businessId: number;

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ['Bozorchi'] as const);
  trader = setup.as.Bozorchi;
  me = setup.users.Bozorchi.id;
  businessId = setup.businessId;
});
afterEach(() => assertStockInvariants(t.db));
afterAll(() => t.close());

it('shows a change that committed after a later one (a lower version, arriving late)', async () => {
  const [a, b] = await createVariants(t.db, businessId, 2);
  if (!a || !b) throw new Error('no variants');
  for (const v of [a, b]) await giveStock(t.db, { businessId, departmentId: me, variantId: v.id, qty: '5' });
  const updatedAt = async (variantId: number) => {
    const res = await trader.get('inventory/stocks/my-balance/');
    expect(res.status).toBe(200);
    return res.body.find((r: { variant: { id: number } }) => r.variant.id === variantId)?.updated_at;
  };
  const touch = (db: typeof t.db, variantId: number, at: string) =>
    sql`UPDATE stock_balances SET updated_at = ${at}::timestamptz
        WHERE department_id = ${me} AND variant_id = ${variantId}`.execute(db);
  const before = await updatedAt(a.id);

  // The first change takes its version and stays uncommitted; the second takes a higher one and
  // commits, and the server reads it (its highest version is now above the first change's).
  let changed!: () => void;
  const firstChanged = new Promise<void>((resolve) => {
    changed = resolve;
  });
  let release!: () => void;
  const mayCommit = new Promise<void>((resolve) => {
    release = resolve;
  });
  const first = t.db.transaction().execute(async (trx) => {
    await touch(trx, a.id, '2030-01-01T00:00:00Z');
    changed();
    await mayCommit;
  });
  await firstChanged;
  await touch(t.db, b.id, '2031-01-01T00:00:00Z');
  expect(await updatedAt(b.id)).toBe('2031-01-01T00:00:00.000Z');
  expect(await updatedAt(a.id)).toBe(before);

  release();
  await first;
  expect(await updatedAt(a.id)).toBe('2030-01-01T00:00:00.000Z');
});
