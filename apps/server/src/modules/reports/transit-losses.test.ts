import { D, fixedMoney } from '@app/shared';
import { Workbook } from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertStockInvariants } from '../../../test/stock-invariants.ts';
import { createVariants, giveStock, type TestVariant } from '../inventory/inventory.fixtures.ts';
import { dayOf } from './reports.fixtures.ts';

// The transit-losses report (DESIGN.md section 20): the losses of product offers approved short,
// by department and period, valued at the FIFO cost of the lots they consumed; the Owner reads
// every department's, a department its own (sent or received).

type R = 'Owner' | 'Omborchi' | 'Bozorchi' | "Ta'minotchi";
let t: TestApp;
let as: Record<R, ApiClient>;
let users: Record<R, TestUser>;
let businessId: number;
let variants: TestVariant[];
const today = dayOf(new Date());

beforeAll(async () => {
  t = await startTestApp();
  ({ as, users, businessId } = await createSignedInUsers(t.db, t.url, [
    'Owner',
    'Omborchi',
    'Bozorchi',
    "Ta'minotchi",
  ] as const));
  variants = await createVariants(t.db, businessId, 2);
  // Omborchi -> Bozorchi: 10 sent, 7 received; the loss takes 3 of a USD lot.
  await giveStock(t.db, {
    businessId,
    departmentId: users.Omborchi.id,
    variantId: v(0).id,
    qty: '10',
    unitCost: '2.50',
    currencyId: 1,
  });
  await shortTransfer('Omborchi', 'Bozorchi', v(0).id, '10', '7', 'Yo‘lda namlandi');
  // Bozorchi -> Omborchi: 5 sent, 4.5 received, a UZS lot.
  await giveStock(t.db, {
    businessId,
    departmentId: users.Bozorchi.id,
    variantId: v(1).id,
    qty: '5',
    unitCost: '12000.00',
    currencyId: 2,
  });
  await shortTransfer('Bozorchi', 'Omborchi', v(1).id, '5', '4.5', 'Qadoq yirtilgan');
});
afterEach(() => assertStockInvariants(t.db));
afterAll(() => t.close());

const v = (i: number) => variants[i] as TestVariant;

async function shortTransfer(
  sender: R,
  receiver: R,
  variant: number,
  sent: string,
  got: string,
  reason: string,
) {
  const created = await as[sender].post('offers/offers/', {
    from_user: users[sender].id,
    to_user: users[receiver].id,
    item_lines: [{ variant, quantity: sent }],
    reason_text: "Bo'limlar orasida yuborish",
  });
  expect(created.status).toBe(201);
  await as[sender].post(`offers/offers/${created.body.id}/submit/`);
  const approved = await as[receiver].post(`offers/offers/${created.body.id}/approve/`, {
    received: [{ variant, qty: got, reason_text: reason }],
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return created.body.id as number;
}

/** The UZS rate a lot of the variant's sender recorded. */
async function lotRate(variantId: number) {
  const lot = await t.db
    .selectFrom('stock_lots')
    .select('rate_to_uzs')
    .where('variant_id', '=', variantId)
    .where('entry_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return lot.rate_to_uzs;
}

describe('GET reports/transit-losses/', () => {
  it('lists every loss for the Owner, valued in its currency and in UZS, with totals', async () => {
    const res = await as.Owner.get(`reports/transit-losses/?from=${today}&to=${today}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    const usdUzs = fixedMoney(new D('3').times('2.50').times(await lotRate(v(0).id)));
    expect(res.body.results).toEqual([
      expect.objectContaining({
        date: today,
        sender: { id: users.Omborchi.id, email: users.Omborchi.email },
        receiver: { id: users.Bozorchi.id, email: users.Bozorchi.email },
        variant: expect.objectContaining({ id: v(0).id, sku: v(0).sku, unit: 'D' }),
        qty: '3.000',
        currency_code: 'USD',
        value: '7.50',
        value_uzs: usdUzs,
        reason: 'Yo‘lda namlandi',
      }),
      expect.objectContaining({
        sender: { id: users.Bozorchi.id, email: users.Bozorchi.email },
        qty: '0.500',
        currency_code: 'UZS',
        value: '6000.00',
        value_uzs: '6000.00',
        reason: 'Qadoq yirtilgan',
      }),
    ]);
    expect(res.body.totals).toEqual({
      qty: '3.500',
      unit: 'D',
      value_uzs: fixedMoney(new D(usdUzs).plus('6000')),
      values: [
        { currency_code: 'USD', value: '7.50' },
        { currency_code: 'UZS', value: '6000.00' },
      ],
    });
    // date_from/date_to, as every report, are the same days.
    const same = await as.Owner.get(`reports/transit-losses/?date_from=${today}&date_to=${today}`);
    expect(same.body.results).toEqual(res.body.results);
  });

  it('shows a department the losses it sent or received; the Owner filters by department', async () => {
    const mine = await as.Bozorchi.get('reports/transit-losses/');
    expect(mine.body.count).toBe(2);
    const owners = await as.Owner.get(`reports/transit-losses/?department=${users.Omborchi.id}`);
    expect(owners.body.count).toBe(2);
    const other = await as["Ta'minotchi"].get('reports/transit-losses/');
    expect(other.status).toBe(200);
    expect(other.body.count).toBe(0);
    expect(other.body.totals).toMatchObject({ value_uzs: '0.00', values: [] });
  });

  it('refuses another department to a department (403), a bad period or department (400)', async () => {
    expect((await as.Bozorchi.get(`reports/transit-losses/?department=${users.Omborchi.id}`)).status).toBe(
      403,
    );
    expect((await as.Owner.get('reports/transit-losses/?from=2026-09-10&to=2026-09-01')).status).toBe(400);
    expect((await as.Owner.get('reports/transit-losses/?from=yesterday')).status).toBe(400);
    expect((await as.Owner.get('reports/transit-losses/?department=999999')).status).toBe(400);
    const past = await as.Owner.get('reports/transit-losses/?from=2020-01-01&to=2020-01-31');
    expect(past.body.count).toBe(0);
  });

  it('exports the same rows as CSV, XLSX and PDF', async () => {
    const download = async (format: string) => {
      const res = await fetch(`${t.url}/api/reports/transit-losses/?format=${format}`, {
        headers: { authorization: `Bearer ${as.Owner.token}` },
      });
      expect(res.status).toBe(200);
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    };
    const csv = await download('csv');
    expect(csv.res.headers.get('content-disposition')).toContain('yoldagi-yoqotishlar-');
    const text = csv.body.toString('utf8');
    expect(text).toContain('Sabab');
    expect(text).toContain('Yo‘lda namlandi');
    expect(text).toContain('Qadoq yirtilgan');
    const xlsx = await download('xlsx');
    const book = new Workbook();
    await book.xlsx.load(xlsx.body as never);
    // A header, two rows and the totals line.
    expect(book.worksheets[0]?.rowCount).toBe(4);
    const pdf = await download('pdf');
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf');
  });
});
