import { randomUUID } from 'node:crypto';
import { CURRENCY_IDS, D, fixedMoney, quoteExchange } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { type LedgerEntry, postMoney } from '../../modules/finance/ledger.ts';
import type { DemoCore } from './core.ts';
import { usdRateAt } from './rates.ts';

// The demo money of DESIGN.md section 2: opening balances for every user, money offers in every
// status, and over 200 ledger rows for the Kassir (more than 10 pages of transactions). Every row
// goes through postMoney, so balances equal the ledger sums; one call per transaction keeps it fast.

const { USD, UZS } = CURRENCY_IDS;
const DAY_MS = 86_400_000;
const KASSIR = 'kassir@demo.uz';
const OPENING = { [USD]: '25000', [UZS]: '400000000' } as const;

const INCOME_REASONS = [
  "Mijozdan to'lov",
  'Naqd savdo tushumi',
  'Ulgurji savdo',
  'Qarz qaytarildi',
  'Bank hisobidan naqd',
];
const EXPENSE_REASONS = [
  'Ijara haqi',
  "Kommunal to'lovlar",
  'Xodimlarga avans',
  'Transport xarajati',
  'Ofis jihozlari',
];

// A fixed generator: the demo data is the same on every machine.
function generator(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** The rate in force of a currency at a moment of the seeded history (seed/rates.ts). */
type Rates = (currencyId: number, at: Date) => string;

async function loadRates(db: Database, businessId: number): Promise<Rates> {
  const usd = await usdRateAt(db, businessId);
  return (currencyId, at) => (currencyId === USD ? usd(at) : '1.000000');
}

function openingRows(core: DemoCore, rates: Rates, at: Date): LedgerEntry[] {
  return Object.values(core.users).flatMap((userId) =>
    ([USD, UZS] as const).map((currencyId) => ({
      businessId: core.businessId,
      userId,
      currencyId,
      amount: OPENING[currencyId],
      rateToUzs: rates(currencyId, at),
      txType: 'ADJUSTMENT' as const,
      reason: "Boshlang'ich qoldiq",
      createdBy: null,
      createdAt: at,
    })),
  );
}

/** The Kassir's day-to-day: external income and expense, and exchanges both ways. */
function kassirHistory(core: DemoCore, rates: Rates, start: number): LedgerEntry[] {
  const rand = generator(7);
  const kassir = core.users[KASSIR] as number;
  const rows: LedgerEntry[] = [];
  const base = { businessId: core.businessId, userId: kassir, createdBy: kassir };
  for (let i = 0; i < 190; i++) {
    const at = new Date(start + (i + 1) * 6 * 3600_000 + Math.floor(rand() * 3600_000));
    if (i % 4 === 3) {
      const usdOut = rand() < 0.5;
      const from = { id: usdOut ? USD : UZS, rate_to_uzs: rates(usdOut ? USD : UZS, at) };
      const to = { id: usdOut ? UZS : USD, rate_to_uzs: rates(usdOut ? UZS : USD, at) };
      const amount = usdOut
        ? fixedMoney(10 + Math.floor(rand() * 500))
        : fixedMoney(200_000 + Math.floor(rand() * 5_000) * 1000);
      const quote = quoteExchange(from, to, amount);
      if (!quote) continue;
      const group = randomUUID();
      const reason = `Almashtirish: ${amount} ${usdOut ? 'USD' : 'UZS'}`;
      const leg = { ...base, txType: 'EXCHANGE' as const, exchangeGroup: group, reason, createdAt: at };
      rows.push({ ...leg, currencyId: from.id, amount: new D(amount).neg(), rateToUzs: from.rate_to_uzs });
      rows.push({ ...leg, currencyId: to.id, amount: quote.toAmount, rateToUzs: to.rate_to_uzs });
      continue;
    }
    const income = rand() < 0.55;
    const currencyId = rand() < 0.4 ? USD : UZS;
    const amount =
      currencyId === USD
        ? fixedMoney(5 + Math.floor(rand() * 90_000) / 100)
        : fixedMoney((50 + Math.floor(rand() * 3000)) * 1000);
    const reasons = income ? INCOME_REASONS : EXPENSE_REASONS;
    rows.push({
      ...base,
      currencyId,
      amount: income ? amount : new D(amount).neg(),
      rateToUzs: rates(currencyId, at),
      txType: 'EXTERNAL',
      reason: `${reasons[i % reasons.length]} #${i + 1}`,
      createdAt: at,
    });
  }
  return rows;
}

type Status = 'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELED';

/** Money offers in every status; the approved ones moved their money through the ledger. */
async function seedOffers(db: Database, core: DemoCore, rates: Rates, start: number): Promise<LedgerEntry[]> {
  const emails = Object.keys(core.users).filter((e) => e !== 'otp@demo.uz');
  const kassir = core.users[KASSIR] as number;
  const statuses: Status[] = ['APPROVED', 'PENDING', 'DRAFT', 'REJECTED', 'CANCELED'];
  const plan = emails
    .filter((e) => e !== KASSIR)
    .flatMap((email, i) =>
      statuses.map((status, j) => {
        const other = core.users[email] as number;
        // Alternate directions so the Kassir has incomes and outcomes, created by either side.
        const outgoing = (i + j) % 2 === 0;
        const from = outgoing ? kassir : other;
        const to = outgoing ? other : kassir;
        const createdBy = (i + j) % 3 === 0 ? to : from;
        const currencyId = (i + j) % 2 === 0 ? USD : UZS;
        const amount =
          currencyId === USD ? fixedMoney(50 + i * 25 + j * 10) : fixedMoney((500 + i * 150 + j * 70) * 1000);
        const at = new Date(start + (i * statuses.length + j + 1) * 9 * 3600_000);
        return { from, to, createdBy, status, currencyId, amount, at };
      }),
    );
  const offers = await db
    .insertInto('offers')
    .values(
      plan.map((p) => ({
        business_id: core.businessId,
        kind: 'MONEY' as const,
        status: p.status,
        created_by: p.createdBy,
        from_user_id: p.from,
        to_user_id: p.to,
        reason: p.status === 'DRAFT' ? "Bo'lim uchun mablag' so'rovi" : "Oylik xarajatlar bo'yicha o'tkazma",
        created_at: p.at,
        submitted_at: p.status === 'DRAFT' ? null : p.at,
        decided_at: ['APPROVED', 'REJECTED'].includes(p.status) ? new Date(p.at.getTime() + 3600_000) : null,
        decided_by: ['APPROVED', 'REJECTED'].includes(p.status)
          ? p.createdBy === p.from
            ? p.to
            : p.from
          : null,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('offer_money_lines')
    .values(
      plan.map((p, i) => ({
        business_id: core.businessId,
        offer_id: offers[i]?.id as number,
        currency_id: p.currencyId,
        amount: p.amount,
      })),
    )
    .execute();
  return plan.flatMap((p, i) => {
    if (p.status !== 'APPROVED') return [];
    const approver = p.createdBy === p.from ? p.to : p.from;
    const approvedAt = new Date(p.at.getTime() + 3600_000);
    const common = {
      businessId: core.businessId,
      currencyId: p.currencyId,
      rateToUzs: rates(p.currencyId, approvedAt),
      txType: 'OFFER' as const,
      reason: "Oylik xarajatlar bo'yicha o'tkazma",
      offerId: offers[i]?.id as number,
      createdBy: approver,
      createdAt: approvedAt,
    };
    return [
      { ...common, userId: p.from, amount: new D(p.amount).neg() },
      { ...common, userId: p.to, amount: p.amount },
    ];
  });
}

export async function seedFinance(db: Database, core: DemoCore): Promise<void> {
  const rates = await loadRates(db, core.businessId);
  const start = Date.now() - 60 * DAY_MS;
  await inTransaction(db, async (trx) => {
    const offerRows = await seedOffers(trx, core, rates, start);
    const rows = [
      ...openingRows(core, rates, new Date(start)),
      ...kassirHistory(core, rates, start),
      ...offerRows,
    ];
    // One ledger call: the balances change by the sums of all rows, each balance row once.
    await postMoney(trx, rows);
  });
}
