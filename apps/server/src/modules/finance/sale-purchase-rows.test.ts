import { businessDay } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import type { TestUser } from '../../../test/factories.ts';
import { startWithUsers, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { fund, USD, UZS } from './finance.fixtures.ts';
import { findCurrencyById } from './finance.repository.ts';
import { type LedgerEntry, postMoney } from './ledger.ts';

// SALE and PURCHASE money rows (DESIGN.md section 19: "new tx_type, in every list, filter, report
// and the cash flow"): written by the documents' posting through the one ledger function, here
// posted directly, and read back through the transactions list, its tx_type filter and the cash
// flow split by type.

let t: TestApp;
let owner: ApiClient;
let bozorchi: ApiClient;
let taminotchi: ApiClient;
let users: Record<'Owner' | 'Bozorchi' | "Ta'minotchi", TestUser>;
const LIST = 'finance/money-transactions/by-user/';

async function post(user: TestUser, currencyId: number, amount: string, txType: LedgerEntry['txType']) {
  const rate = await findCurrencyById(t.db, user.businessId, currencyId);
  if (!rate) throw new Error(`no rate for currency ${currencyId}`);
  await inTransaction(t.db, (trx) =>
    postMoney(trx, [
      {
        businessId: user.businessId,
        userId: user.id,
        currencyId,
        amount,
        rateToUzs: rate.rate_to_uzs,
        txType,
        reason: `${txType === 'SALE' ? 'Sotuv' : 'Xarid'} hujjati`,
        createdBy: user.id,
      },
    ]),
  );
}

beforeAll(async () => {
  const setup = await startWithUsers(['Owner', 'Bozorchi', "Ta'minotchi"] as const);
  ({ t, users } = setup);
  ({ Owner: owner, Bozorchi: bozorchi, "Ta'minotchi": taminotchi } = setup.as);
  await fund(t.db, users["Ta'minotchi"], UZS, '1000000');
  // A sale paid in two currencies: one SALE row per cash currency on the seller's balance.
  await post(users.Bozorchi, UZS, '250000.50', 'SALE');
  await post(users.Bozorchi, USD, '10', 'SALE');
  // A purchase paid in cash: out of the buyer's balance.
  await post(users["Ta'minotchi"], UZS, '-120000', 'PURCHASE');
});
afterEach(() => assertMoneyInvariants(t.db));
afterAll(() => t.close());

type Row = { amount: string; currency: { code: string }; tx_type: string };

describe('the transactions list', () => {
  it('lists SALE and PURCHASE rows with their type', async () => {
    const sales = await bozorchi.get(LIST);
    expect(sales.status).toBe(200);
    expect(sales.body.results.map((r: Row) => [r.tx_type, r.currency.code, r.amount])).toEqual([
      ['SALE', 'USD', '10.00'],
      ['SALE', 'UZS', '250000.50'],
    ]);
    const purchases = await taminotchi.get(LIST);
    expect(purchases.body.results.map((r: Row) => [r.tx_type, r.amount])).toEqual([
      ['PURCHASE', '-120000.00'],
      ['ADJUSTMENT', '1000000.00'],
    ]);
  });

  it('filters by tx_type=SALE and tx_type=PURCHASE, alone and with the other filters', async () => {
    const sales = await bozorchi.get(`${LIST}?tx_type=SALE`);
    expect(sales.body.count).toBe(2);
    expect(sales.body.results.every((r: Row) => r.tx_type === 'SALE')).toBe(true);
    const inUsd = await bozorchi.get(`${LIST}?tx_type=SALE&currency=${USD}`);
    expect(inUsd.body.results.map((r: Row) => r.amount)).toEqual(['10.00']);
    expect((await bozorchi.get(`${LIST}?tx_type=PURCHASE`)).body.count).toBe(0);
    const bought = await taminotchi.get(`${LIST}?tx_type=PURCHASE&amount_type=negative`);
    expect(bought.body.count).toBe(1);
    expect(bought.body.results[0]).toMatchObject({ tx_type: 'PURCHASE', amount: '-120000.00' });
    expect((await taminotchi.get(`${LIST}?tx_type=PURCHASE&amount_type=positive`)).body.count).toBe(0);
    expect((await taminotchi.get(`${LIST}?tx_type=SALES`)).status).toBe(400);
  });
});

describe('the cash flow', () => {
  const today = businessDay(new Date());
  const period = `date_from=${today}&date_to=${today}`;
  type FlowRow = { currency_code: string; tx_type: string; inflow: string; outflow: string; net: string };

  it('splits the business by type: SALE money in, PURCHASE money out', async () => {
    const res = await owner.get(`reports/cash-flow/?${period}&by_type=true`);
    expect(res.status).toBe(200);
    const rows = res.body.results.map((r: FlowRow) => [
      r.currency_code,
      r.tx_type,
      r.inflow,
      r.outflow,
      r.net,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['USD', 'SALE', '10.00', '0.00', '10.00'],
        ['UZS', 'SALE', '250000.50', '0.00', '250000.50'],
        ['UZS', 'PURCHASE', '0.00', '120000.00', '-120000.00'],
      ]),
    );
    // Without the split, a currency's day adds every type up.
    const whole = await owner.get(`reports/cash-flow/?${period}`);
    const uzs = whole.body.results.find((r: FlowRow) => r.currency_code === 'UZS');
    expect(uzs).toMatchObject({ inflow: '1250000.50', outflow: '120000.00', net: '1130000.50' });
  });

  it("a department's own cash flow, and the file names the types in words", async () => {
    const mine = await bozorchi.get(`reports/cash-flow/?${period}&by_type=true`);
    expect(mine.body.results.map((r: FlowRow) => r.tx_type)).toEqual(['SALE', 'SALE']);
    const file = await owner.get(`reports/cash-flow/?${period}&by_type=true&format=csv`);
    expect(file.status).toBe(200);
    const lines = String(file.body).split('\r\n');
    expect(lines.some((l) => l.startsWith(`${today},UZS,Sotuv,250000.50,0.00,250000.50,`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`${today},UZS,Xarid,0.00,120000.00,-120000.00,`))).toBe(true);
  });
});
