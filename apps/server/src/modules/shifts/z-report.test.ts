import { D } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../../test/document-invariants.ts';
import { startWithUsers } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { fund, USD, UZS } from '../finance/finance.fixtures.ts';
import { createVariants, giveStock, type TestVariant } from '../inventory/inventory.fixtures.ts';

// A shift's Z-report (DESIGN.md section 22) through the real API: a seller's shift with a sale
// paid in dollars with the change in sums, a sale on credit and an expense, closed short; the
// PDF read back with pdf.js, its figures adding up to the expected amount; who may read it.

const { t, as, users, businessId } = await startWithUsers(['Kassir', 'Bozorchi', 'Owner']);
afterAll(() => t.close());
afterEach(async () => {
  await assertStockInvariants(t.db);
  await assertMoneyInvariants(t.db);
  await assertDocumentInvariants(t.db);
});

// The Kassir sells too (a role the Owner allows in the settings) and records expenses.
const seller = as.Kassir;
let variants: TestVariant[];
let usdRate: string;
const v = (i: number) => (variants[i] as TestVariant).id;

beforeAll(async () => {
  variants = await createVariants(t.db, businessId, 2);
  for (const i of [0, 1])
    await giveStock(t.db, {
      businessId,
      departmentId: users.Kassir.id,
      variantId: v(i),
      qty: '10',
      unitCost: '1000',
    });
  await t.db
    .updateTable('businesses')
    .set({ sale_roles: ['Bozorchi', 'Kassir'] })
    .where('id', '=', businessId)
    .execute();
  await fund(t.db, { id: users.Kassir.id, businessId }, UZS, '1000000');
  const rate = await t.db
    .selectFrom('business_currencies')
    .select('rate_to_uzs')
    .where('business_id', '=', businessId)
    .where('currency_id', '=', USD)
    .executeTakeFirstOrThrow();
  usdRate = rate.rate_to_uzs;
});

async function file(path: string, token: string | undefined, language = 'uz') {
  const res = await fetch(`${t.url}/api/${path}`, {
    headers: { authorization: `Bearer ${token ?? ''}`, 'accept-language': language },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    data: Buffer.from(await res.arrayBuffer()),
  };
}

async function pdfText(data: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join(' ').replace(/\s+/g, ' ');
}

/** "1234567.5" as the Uzbek page groups it: "1 234 567.50". */
const uz = (value: string | number | InstanceType<typeof D>) =>
  new D(value)
    .abs()
    .toFixed(2)
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

describe('the Z-report', () => {
  it('prints a closed shift: opening, sales by payment kind, other cash, expected, counted, difference', async () => {
    const opened = await seller.post('shifts/', { opening: [{ currency: UZS, amount: '1000000' }] });
    expect(opened.status).toBe(201);
    const shiftId = opened.body.id as number;
    const number = opened.body.number as number;

    // An open shift has no Z-report yet (a blind count): 409.
    const early = await file(`shifts/${shiftId}/z-report/`, seller.token);
    expect(early.status).toBe(409);

    // 50 USD for a 500,000 UZS sale: the change comes back in sums.
    const paidInDollars = await seller.post('sales/?post=true', {
      lines: [{ variant: v(0), qty: '1', price: '500000' }],
      payment: { cash: [{ currency: USD, amount: '50' }] },
    });
    expect(paidInDollars.status, JSON.stringify(paidInDollars.body)).toBe(201);
    const change = new D(50).times(usdRate).minus(500000);
    expect(paidInDollars.body.payment.change_uzs).toBe(change.toFixed(2));

    const customer = (await seller.post('crm/counterparties/', { name: 'Nodira opa', kind: 'CUSTOMER' })).body
      .id;
    const onCredit = await seller.post('sales/?post=true', {
      counterparty: customer,
      lines: [{ variant: v(1), qty: '2', price: '150000' }],
      payment: { cash: [], on_credit: '300000', due_date: '2027-03-01' },
    });
    expect(onCredit.status, JSON.stringify(onCredit.body)).toBe(201);

    const expense = await seller.post('finance/money-transactions/external-transaction/', {
      currency: 'UZS',
      amount: '120000',
      is_income: false,
      reason_text: 'Yetkazib berish',
    });
    expect(expense.status, JSON.stringify(expense.body)).toBe(201);

    // A sale paid in sums, then returned with its cash refunded.
    const returned = await seller.post('sales/?post=true', {
      lines: [{ variant: v(0), qty: '1', price: '200000' }],
      payment: { cash: [{ currency: UZS, amount: '200000' }] },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    const refund = await seller.post('returns/?post=true', {
      source_kind: 'sale',
      source: returned.body.id,
      refund: 'cash',
      lines: [{ source_line: returned.body.lines[0].id, qty: '1' }],
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);

    const expectedUzs = new D(1000000).minus(change).minus(120000);
    const countedUzs = expectedUzs.minus(5000);
    const closed = await seller.post(`shifts/${shiftId}/close/`, {
      counted: [
        { currency: UZS, amount: countedUzs.toFixed(2) },
        {
          currency: USD,
          denominations: [
            { value: '20', count: 2 },
            { value: '10', count: 1 },
          ],
        },
      ],
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const uzsAmount = closed.body.amounts.find((a: { currency: number }) => a.currency === UZS);
    expect(uzsAmount.expected).toBe(expectedUzs.toFixed(2));

    const res = await file(`shifts/${shiftId}/z-report/`, seller.token);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const text = await pdfText(res.data);
    for (const words of [
      'Z-hisobot',
      `Smena № ${number}`,
      'Valyuta: UZS',
      `Ochilishda sanalgan ${uz(1000000)}`,
      `Naqd olingan +${uz(200000)}`,
      `Qaytim berilgan -${uz(change)}`,
      `Qaytarishlar uchun to'langan -${uz(200000)}`,
      `Tashqi, chiqim -${uz(120000)}`,
      `Kutilgan ${uz(expectedUzs)}`,
      `Yopilishda sanalgan ${uz(countedUzs)}`,
      `Farq -${uz(5000)}`,
      'Valyuta: USD',
      `Naqd olingan +${uz(50)}`,
      `Kutilgan ${uz(50)}`,
      `20.00 × 2 ${uz(40)}`,
      `Farq ${uz(0)}`,
      `1 ta sotuv ${uz(300000)} UZS`,
      `Smena farqi jami, UZS -${uz(5000)}`,
    ])
      expect(text).toContain(words);
    // The opening plus every line printed for UZS is the expected amount, exactly.
    const uzsBlock = text.slice(
      text.indexOf('Valyuta: UZS'),
      text.indexOf('Kutilgan', text.indexOf('Valyuta: UZS')),
    );
    const lines = [...uzsBlock.matchAll(/[+-]\d{1,3}(?: \d{3})*\.\d{2}/g)].map((m) => m[0].replace(/ /g, ''));
    expect(lines).toHaveLength(4);
    expect(lines.reduce((sum, l) => sum.plus(l), new D(1000000)).toFixed(2)).toBe(expectedUzs.toFixed(2));

    // In the reader's language.
    const ru = await pdfText((await file(`shifts/${shiftId}/z-report/`, seller.token, 'ru')).data);
    expect(ru).toContain(`Z-отчёт · Смена № ${number}`);
    expect(ru).toContain('Выдана сдача');

    // The Owner reads any department's; another department does not see it (404).
    expect((await file(`shifts/${shiftId}/z-report/`, as.Owner.token)).status).toBe(200);
    expect((await file(`shifts/${shiftId}/z-report/`, as.Bozorchi.token)).status).toBe(404);
    expect((await file('shifts/999999/z-report/', seller.token)).status).toBe(404);
  });
});
