import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { startWithUsers } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { UZS } from '../finance/finance.fixtures.ts';
import { createVariants, giveStock, type TestVariant } from '../inventory/inventory.fixtures.ts';

// A sale's or purchase's card says what its returns took (DESIGN.md section 20): the return page
// offers each line's rest from it, and the card lists the returns with links.

const { t, as, users, businessId } = await startWithUsers(['Bozorchi']);
afterAll(() => t.close());
afterEach(async () => {
  await assertStockInvariants(t.db);
  await assertMoneyInvariants(t.db);
  await assertDocumentInvariants(t.db);
});

const seller = as.Bozorchi;
const me = users.Bozorchi;
let variants: TestVariant[];
const v = (i: number) => (variants[i] as TestVariant).id;

beforeAll(async () => {
  variants = await createVariants(t.db, businessId, 2);
});

type Card = {
  lines: Array<{ id: number; returned?: string; returned_amount?: string }>;
  returns?: Array<{ id: number; number: string; status: string; total: string; refund: string | null }>;
};

describe("a source's card and its returns", () => {
  it("counts a sale line's posted returns, lists every return, and forgets a reversed one", async () => {
    for (const i of [0, 1])
      await giveStock(t.db, {
        businessId,
        departmentId: me.id,
        variantId: v(i),
        qty: '5',
        unitCost: '100',
        currencyId: UZS,
      });
    const sale = (
      await seller.post('sales/?post=true', {
        currency: UZS,
        lines: [
          { variant: v(0), qty: '5', price: '1000' },
          { variant: v(1), qty: '2', price: '500' },
        ],
      })
    ).body as Card & { id: number };
    const [first, second] = sale.lines.map((l) => l.id) as [number, number];
    const fresh = (await seller.get(`sales/${sale.id}/`)).body as Card;
    expect(fresh.lines.map((l) => l.returned)).toEqual(['0.000', '0.000']);
    expect(fresh.returns).toEqual([]);

    const posted = await seller.post('returns/?post=true', {
      source_kind: 'sale',
      source: sale.id,
      refund: 'cash',
      lines: [{ source_line: first, qty: '2' }],
    });
    expect(posted.status).toBe(201);
    const draft = await seller.post('returns/', {
      source_kind: 'sale',
      source: sale.id,
      refund: 'cash',
      lines: [{ source_line: second, qty: '1' }],
    });
    expect(draft.status).toBe(201);

    const card = (await seller.get(`sales/${sale.id}/`)).body as Card;
    // A draft takes nothing yet: only the posted return counts.
    expect(card.lines.map((l) => [l.returned, l.returned_amount])).toEqual([
      ['2.000', '2000.00'],
      ['0.000', '0.00'],
    ]);
    expect(card.returns).toEqual([
      expect.objectContaining({ id: posted.body.id, status: 'POSTED', total: '2000.00', refund: 'CASH' }),
      expect.objectContaining({ id: draft.body.id, status: 'DRAFT', total: '500.00' }),
    ]);
    // A return's own card has neither.
    const own = (await seller.get(`returns/${posted.body.id}/`)).body as Card;
    expect(own.returns).toBeUndefined();
    expect(own.lines[0]?.returned).toBeUndefined();

    const reversed = await seller.post(`returns/${posted.body.id}/reverse/`, undefined, {
      'idempotency-key': crypto.randomUUID(),
    });
    expect(reversed.status).toBe(200);
    const after = (await seller.get(`sales/${sale.id}/`)).body as Card;
    expect(after.lines.map((l) => l.returned)).toEqual(['0.000', '0.000']);
    expect(after.returns?.[0]?.status).toBe('REVERSED');
    await seller.delete(`returns/${draft.body.id}/`);
  });
});
