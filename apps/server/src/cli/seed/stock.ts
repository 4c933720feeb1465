import type { Database } from '../../db/connection.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { applyOfferItems } from '../../modules/inventory/inventory.offers.ts';
import { consumeLots, receiveLot, type Trx } from '../../modules/inventory/stock-ledger.ts';
import type { DemoCore } from './core.ts';

// The demo stock (DESIGN.md section 2): receipts for the Ta'minotchi, Omborchi and Bozorchi,
// issues for the Bozorchi, and product offers in several states. Everything goes through the
// stock ledger, so lots, moves and balances agree exactly as they would through the API.

const TYPES = ['PURCHASE', 'PURCHASE', 'PRODUCTION', 'RETURN', 'ADJUSTMENT', 'OTHER'] as const;
const LOCATIONS = ['Ombor A', 'Ombor B', 'Chorsu bozori', ''];

interface Demo {
  businessId: number;
  taminotchi: number;
  omborchi: number;
  bozorchi: number;
}

export async function seedStock(db: Database, core: DemoCore): Promise<void> {
  const variants = await db
    .selectFrom('variants')
    .select('id')
    .where('business_id', '=', core.businessId)
    .orderBy('id')
    .limit(40)
    .execute();
  if (variants.length < 6) return; // the catalogue seed did not run: no goods to hold
  const ids = variants.map((v) => v.id);
  const demo: Demo = {
    businessId: core.businessId,
    taminotchi: userId(core, 'taminotchi@demo.uz'),
    omborchi: userId(core, 'omborchi@demo.uz'),
    bozorchi: userId(core, 'bozorchi@demo.uz'),
  };
  await inTransaction(db, async (trx) => {
    await seedReceipts(trx, demo, ids);
    await seedIssues(trx, demo, ids);
    await seedOffers(trx, demo, ids);
  });
}

function userId(core: DemoCore, email: string): number {
  const id = core.users[email];
  if (id === undefined) throw new Error(`demo user ${email} is missing`);
  return id;
}

async function receive(trx: Trx, demo: Demo, department: number, variantId: number, n: number) {
  await recordReceipt(trx, {
    businessId: demo.businessId,
    departmentId: department,
    variantId,
    qty: `${(n % 7) * 5 + 10}.${n % 3 === 0 ? '500' : '000'}`,
    unitCost: n % 2 === 0 ? `${12 + (n % 9)}.50` : `${150_000 + n * 1000}.00`,
    currencyId: n % 2 === 0 ? 1 : 2,
    type: TYPES[n % TYPES.length] ?? 'PURCHASE',
    location: LOCATIONS[n % LOCATIONS.length] ?? '',
    reason: n % 4 === 0 ? 'Yetkazib beruvchidan qabul qilindi' : '',
    at: new Date(Date.now() - (200 - n) * 3_600_000),
  });
}

/** One demo receipt: its entry row, then its lot through the stock ledger (the seeds' one receipt path). */
export async function recordReceipt(
  trx: Trx,
  r: {
    businessId: number;
    departmentId: number;
    variantId: number;
    qty: string;
    unitCost: string;
    currencyId: number;
    type: (typeof TYPES)[number];
    location: string;
    reason: string;
    at: Date;
  },
): Promise<void> {
  const entry = await trx
    .insertInto('stock_entries')
    .values({
      business_id: r.businessId,
      department_id: r.departmentId,
      variant_id: r.variantId,
      qty_received: r.qty,
      unit_cost: r.unitCost,
      currency_id: r.currencyId,
      type: r.type,
      location: r.location,
      reason_text: r.reason,
      created_by: r.departmentId,
      created_at: r.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await receiveLot(trx, {
    businessId: r.businessId,
    departmentId: r.departmentId,
    variantId: r.variantId,
    qty: r.qty,
    unitCost: r.unitCost,
    currencyId: r.currencyId,
    source: { kind: 'ENTRY', entryId: entry.id },
  });
}

async function seedReceipts(trx: Trx, demo: Demo, ids: number[]) {
  let n = 0;
  // The Ta'minotchi buys most things, twice for the first few (several lots to consume in order).
  for (const id of ids.slice(0, 14)) await receive(trx, demo, demo.taminotchi, id, n++);
  for (const id of ids.slice(0, 4)) await receive(trx, demo, demo.taminotchi, id, n++);
  for (const id of ids.slice(2, 12)) await receive(trx, demo, demo.omborchi, id, n++);
  // The Bozorchi holds more than one page of the Inventory table (10 rows by default).
  for (const id of ids.slice(0, 24)) await receive(trx, demo, demo.bozorchi, id, n++);
}

async function seedIssues(trx: Trx, demo: Demo, ids: number[]) {
  const issues: Array<[number, string, string | null, 'SALE' | 'WRITE_OFF' | 'RETURN']> = [
    [0, '3.000', '18.00', 'SALE'],
    [1, '2.500', '210000.00', 'SALE'],
    [2, '1.000', null, 'WRITE_OFF'],
    [3, '4.000', '16.50', 'SALE'],
    [4, '1.000', null, 'RETURN'],
  ];
  for (const [index, qty, price, type] of issues) {
    const variantId = ids[index] as number;
    const exit = await trx
      .insertInto('stock_exits')
      .values({
        business_id: demo.businessId,
        department_id: demo.bozorchi,
        variant_id: variantId,
        qty_issued: qty,
        unit_price: price,
        currency_id: price && price.length > 8 ? 2 : 1,
        type,
        location: 'Chorsu bozori',
        note: type === 'SALE' ? 'Chakana savdo' : '',
        created_by: demo.bozorchi,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await consumeLots(trx, {
      businessId: demo.businessId,
      departmentId: demo.bozorchi,
      variantId,
      qty,
      reason: { kind: 'EXIT', exitId: exit.id },
    });
  }
}

type Status = 'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELED';

interface PlannedOffer {
  from: number;
  to: number;
  by: number;
  status: Status;
  lines: Array<[number, string]>;
  reason: string;
}

/** The demo's product offers between its departments, one of each state. */
function offerPlan(demo: Demo, ids: number[]): PlannedOffer[] {
  const v = (i: number) => ids[i] as number;
  return [
    {
      from: demo.taminotchi,
      to: demo.bozorchi,
      by: demo.taminotchi,
      status: 'APPROVED',
      lines: [
        [v(0), '5.000'],
        [v(1), '2.500'],
      ],
      reason: 'Bozor uchun tovar yuborildi',
    },
    {
      from: demo.taminotchi,
      to: demo.omborchi,
      by: demo.omborchi,
      status: 'APPROVED',
      lines: [[v(5), '4.000']],
      reason: "Omborga zaxira so'raldi",
    },
    {
      from: demo.omborchi,
      to: demo.bozorchi,
      by: demo.omborchi,
      status: 'PENDING',
      lines: [[v(3), '3.000']],
      reason: 'Bozorga yangi partiya',
    },
    {
      from: demo.taminotchi,
      to: demo.omborchi,
      by: demo.taminotchi,
      status: 'PENDING',
      lines: [
        [v(6), '2.000'],
        [v(7), '1.500'],
      ],
      reason: 'Omborga yetkazib berish',
    },
    {
      from: demo.omborchi,
      to: demo.bozorchi,
      by: demo.omborchi,
      status: 'DRAFT',
      lines: [[v(4), '1.000']],
      reason: 'Qoralama: keyingi hafta',
    },
    {
      from: demo.bozorchi,
      to: demo.omborchi,
      by: demo.bozorchi,
      status: 'REJECTED',
      lines: [[v(2), '2.000']],
      reason: 'Ortiqcha tovar qaytarildi',
    },
    {
      from: demo.bozorchi,
      to: demo.taminotchi,
      by: demo.taminotchi,
      status: 'CANCELED',
      lines: [[v(8), '1.000']],
      reason: "Bekor qilingan so'rov",
    },
  ];
}

async function seedOffers(trx: Trx, demo: Demo, ids: number[]) {
  const plan = offerPlan(demo, ids);
  for (const [i, p] of plan.entries()) {
    const decider = p.by === p.from ? p.to : p.from;
    const at = new Date(Date.now() - (plan.length - i) * 5_400_000);
    const offer = await trx
      .insertInto('offers')
      .values({
        business_id: demo.businessId,
        kind: 'PRODUCT',
        status: p.status,
        created_by: p.by,
        from_user_id: p.from,
        to_user_id: p.to,
        reason: p.reason,
        created_at: at,
        submitted_at: p.status === 'DRAFT' ? null : at,
        decided_at: p.status === 'APPROVED' || p.status === 'REJECTED' ? at : null,
        decided_by: p.status === 'APPROVED' || p.status === 'REJECTED' ? decider : null,
      })
      .returning(['id', 'business_id', 'from_user_id', 'to_user_id'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('offer_item_lines')
      .values(
        p.lines.map(([variant_id, quantity]) => ({
          business_id: offer.business_id,
          offer_id: offer.id,
          variant_id,
          quantity,
        })),
      )
      .execute();
    if (p.status === 'APPROVED') await applyOfferItems(trx, offer);
  }
}
