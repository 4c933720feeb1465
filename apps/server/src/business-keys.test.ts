import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createUser } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

// DESIGN.md section 24 ("Sharding later, ready now"): a business-owned row's department belongs to
// the row's business. Migration 0037 gave the ledger, the daily money summary and the
// notifications one composite key to users (business_id, id), so a row cannot claim a department
// of another business, whatever writes it.

let t: TestApp;
let ours: number;
let theirs: number;
let department: number;

beforeAll(async () => {
  t = await startTestApp();
  ours = (await createBusiness(t.db)).id;
  theirs = (await createBusiness(t.db)).id;
  department = (await createUser(t.db, { businessId: ours, role: 'manager' })).id;
});
afterAll(() => t.close());

describe("a row naming another business's department", () => {
  const inserts = {
    money_transactions: (business: number) => sql`INSERT INTO money_transactions
      (business_id, user_id, currency_id, amount, rate_to_uzs, amount_in_uzs, reason, tx_type)
      VALUES (${business}, ${department}, 2, 1, 1, 1, 'Kalit tekshiruvi', 'ADJUSTMENT')`,
    money_daily: (business: number) => sql`INSERT INTO money_daily
      (business_id, user_id, currency_id, day, tx_type, inflow, outflow, inflow_uzs, outflow_uzs, n)
      VALUES (${business}, ${department}, 2, '2000-01-03', 'ADJUSTMENT', 1, 0, 1, 0, 1)`,
    notifications: (business: number) => sql`INSERT INTO notifications (business_id, user_id, kind, title)
      VALUES (${business}, ${department}, 'RATE_CHANGED', 'Kalit tekshiruvi')`,
  };

  it.each(Object.keys(inserts) as Array<keyof typeof inserts>)(
    '%s: refused, and its own business accepted',
    async (table) => {
      // (A ledger row also writes its own day's summary row, so the count is compared, not fixed.)
      const count = async () => {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(table)}
        WHERE business_id = ${ours} AND user_id = ${department}`.execute(t.db);
        return rows[0]?.n ?? 0;
      };
      const before = await count();
      await expect(inserts[table](theirs).execute(t.db)).rejects.toThrow(/foreign key/);
      expect(await count()).toBe(before);
      await inserts[table](ours).execute(t.db);
      expect(await count()).toBe(before + 1);
    },
  );
});
