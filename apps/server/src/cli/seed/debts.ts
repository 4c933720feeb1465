import { CURRENCY_IDS, D, fixedMoney } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { postMoney } from '../../modules/finance/ledger.ts';
import type { DemoCore } from './core.ts';
import { usdRateAt } from './rates.ts';

// The demo debt book (DESIGN.md section 12): customers the Bozorchi sells to on credit and
// suppliers the Ta'minotchi buys from on credit, with debts open, overdue, part paid and paid, in
// both currencies. Each payment is its DEBT ledger row on the recorder's balance, at its time.

const { USD, UZS } = CURRENCY_IDS;
const DAY_MS = 86_400_000;

const COUNTERPARTIES = [
  { name: 'Anvar aka (Chorsu bozori)', kind: 'CUSTOMER', phone: '+998 90 123-45-67', tin: null },
  { name: "Dilnoza opa do'koni", kind: 'CUSTOMER', phone: '+998 93 555-12-34', tin: null },
  { name: 'Rustam (Siyob bozori)', kind: 'CUSTOMER', phone: '+998 91 700-80-90', tin: null },
  { name: "Farg'ona Tekstil MChJ", kind: 'SUPPLIER', phone: '+998 73 244-00-11', tin: '301234567' },
  { name: 'Toshkent Ip Savdo', kind: 'SUPPLIER', phone: '+998 71 200-30-40', tin: '302345678' },
  { name: 'Malika Butik', kind: 'BOTH', phone: '+998 97 111-22-33', tin: '303456789' },
] as const;

interface PlannedDebt {
  who: number;
  department: 'bozorchi@demo.uz' | 'taminotchi@demo.uz';
  direction: 'RECEIVABLE' | 'PAYABLE';
  currency: number;
  amount: string;
  /** Days from today: negative is past (overdue while something remains). */
  dueIn: number | null;
  openedDaysAgo: number;
  payments: string[];
  reason: string;
}

const PLAN: PlannedDebt[] = [
  {
    who: 0,
    department: 'bozorchi@demo.uz',
    direction: 'RECEIVABLE',
    currency: UZS,
    amount: '4500000.00',
    dueIn: 12,
    openedDaysAgo: 5,
    payments: [],
    reason: "Ko'ylaklar nasiyaga",
  },
  {
    who: 0,
    department: 'bozorchi@demo.uz',
    direction: 'RECEIVABLE',
    currency: USD,
    amount: '320.00',
    dueIn: -20,
    openedDaysAgo: 50,
    payments: ['120.00'],
    reason: "Ulgurji savdo, qisman to'langan",
  },
  {
    who: 1,
    department: 'bozorchi@demo.uz',
    direction: 'RECEIVABLE',
    currency: UZS,
    amount: '2750000.00',
    dueIn: -45,
    openedDaysAgo: 75,
    payments: [],
    reason: 'Bayram oldi savdosi',
  },
  {
    who: 1,
    department: 'bozorchi@demo.uz',
    direction: 'RECEIVABLE',
    currency: UZS,
    amount: '1200000.00',
    dueIn: -10,
    openedDaysAgo: 40,
    payments: ['700000.00', '500000.00'],
    reason: "To'liq to'langan nasiya",
  },
  {
    who: 2,
    department: 'bozorchi@demo.uz',
    direction: 'RECEIVABLE',
    currency: USD,
    amount: '85.50',
    dueIn: -100,
    openedDaysAgo: 130,
    payments: [],
    reason: "Eski daftardan ko'chirildi",
  },
  {
    who: 2,
    department: 'bozorchi@demo.uz',
    direction: 'RECEIVABLE',
    currency: UZS,
    amount: '600000.00',
    dueIn: null,
    openedDaysAgo: 2,
    payments: [],
    reason: 'Muddatsiz qarz',
  },
  {
    who: 3,
    department: 'taminotchi@demo.uz',
    direction: 'PAYABLE',
    currency: USD,
    amount: '2400.00',
    dueIn: 20,
    openedDaysAgo: 10,
    payments: ['400.00'],
    reason: 'Mato partiyasi, oy oxirida',
  },
  {
    who: 3,
    department: 'taminotchi@demo.uz',
    direction: 'PAYABLE',
    currency: USD,
    amount: '1800.00',
    dueIn: -35,
    openedDaysAgo: 65,
    payments: ['1800.00'],
    reason: "Oldingi partiya, to'langan",
  },
  {
    who: 4,
    department: 'taminotchi@demo.uz',
    direction: 'PAYABLE',
    currency: UZS,
    amount: '9600000.00',
    dueIn: -5,
    openedDaysAgo: 30,
    payments: ['3000000.00'],
    reason: 'Ip va furnitura',
  },
  {
    who: 5,
    department: 'bozorchi@demo.uz',
    direction: 'RECEIVABLE',
    currency: UZS,
    amount: '3150000.00',
    dueIn: 30,
    openedDaysAgo: 1,
    payments: [],
    reason: 'Butikka nasiya',
  },
  {
    who: 5,
    department: 'taminotchi@demo.uz',
    direction: 'PAYABLE',
    currency: UZS,
    amount: '1500000.00',
    dueIn: 7,
    openedDaysAgo: 3,
    payments: [],
    reason: 'Tikuv xizmati',
  },
];

const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seedDebts(db: Database, core: DemoCore): Promise<void> {
  const usdRate = await usdRateAt(db, core.businessId);
  const rate = (currency: number, at: Date) => (currency === USD ? usdRate(at) : '1.000000');
  const userOf = (email: string) => {
    const id = core.users[email];
    if (id === undefined) throw new Error(`demo user ${email} is missing`);
    return id;
  };
  await inTransaction(db, async (trx) => {
    const ids: number[] = [];
    for (const [i, c] of COUNTERPARTIES.entries()) {
      const row = await trx
        .insertInto('counterparties')
        .values({
          business_id: core.businessId,
          ...c,
          note: '',
          created_by: userOf(c.kind === 'SUPPLIER' ? 'taminotchi@demo.uz' : 'bozorchi@demo.uz'),
          created_at: new Date(Date.now() - (140 - i) * DAY_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    for (const d of PLAN) {
      const department = userOf(d.department);
      const opened = Date.now() - d.openedDaysAgo * DAY_MS;
      const paid = fixedMoney(d.payments.reduce((sum, p) => sum.plus(p), new D(0)));
      const debt = await trx
        .insertInto('debts')
        .values({
          business_id: core.businessId,
          counterparty_id: ids[d.who] as number,
          department_id: department,
          direction: d.direction,
          currency_id: d.currency,
          amount: d.amount,
          paid,
          due_date: d.dueIn === null ? null : dayString(Date.now() + d.dueIn * DAY_MS),
          reason: d.reason,
          created_by: department,
          created_at: new Date(opened),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [n, amount] of d.payments.entries()) {
        const at = new Date(
          opened + (n + 1) * Math.floor((d.openedDaysAgo * DAY_MS) / (d.payments.length + 1)),
        );
        const [row] = await postMoney(trx, [
          {
            businessId: core.businessId,
            userId: department,
            currencyId: d.currency,
            amount: d.direction === 'RECEIVABLE' ? amount : `-${amount}`,
            rateToUzs: rate(d.currency, at),
            txType: 'DEBT',
            reason: `Qarz to'lovi #${debt.id}: ${COUNTERPARTIES[d.who]?.name ?? ''}`,
            createdBy: department,
            createdAt: at,
          },
        ]);
        if (!row) throw new Error('the payment was not posted');
        await trx
          .insertInto('debt_payments')
          .values({
            business_id: core.businessId,
            debt_id: debt.id,
            amount,
            money_transaction_id: row.id,
            reason: `Qarz to'lovi #${debt.id}`,
            created_by: department,
            created_at: at,
          })
          .execute();
      }
    }
  });
}
