import { D, fixedMoney, type ShiftCount, ShiftOpenSchema } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import type { Actor } from '../../lib/context.ts';
import { createDocument } from '../../modules/documents/documents.service.ts';
import { saleKind } from '../../modules/documents/sales.kind.ts';
import { recordExternalTransaction } from '../../modules/finance/finance.service.ts';
import { closeShift, openShift } from '../../modules/shifts/shifts.service.ts';
import type { DemoCore } from './core.ts';

// DESIGN.md section 22 in the demo business, through the same services as the pages: the Kassir's
// day closes 15,000 so'm short after an expense and an income, the Bozorchi's counter shift with
// one cash sale closes two dollars over, and the Kassir's next shift counts exactly. Every shift
// is closed, so the pages start with the opening form.

export async function seedShifts(db: Database, core: DemoCore): Promise<void> {
  const kassir = core.users['kassir@demo.uz'];
  const bozorchi = core.users['bozorchi@demo.uz'];
  if (kassir === undefined || bozorchi === undefined)
    throw new Error('the demo Kassir or Bozorchi is missing');
  const actor = (id: number, role: string): Actor => ({ id, businessId: core.businessId, role, ip: null });
  const cashier = actor(kassir, 'Kassir');
  const seller = actor(bozorchi, 'Bozorchi');

  await shift(db, cashier, { UZS: '-15000' }, async () => {
    for (const [amount, is_income, reason_text] of [
      ['85000', false, "Kassa daftari va qog'oz"],
      ['1200000', true, 'Ijara uchun tushum (do‘kon)'],
    ] as const)
      await recordExternalTransaction(
        { db },
        cashier,
        { currency: 'UZS', amount, is_income, reason_text },
        null,
      );
  });
  await shift(db, seller, { USD: '2' }, () => sellOne(db, seller));
  await shift(db, cashier, {}, async () => {});
}

/** The department's balances per currency code (what its drawer holds when counted exactly). */
async function drawer(db: Database, departmentId: number) {
  const rows = await db
    .selectFrom('balances as b')
    .innerJoin('currencies as c', 'c.id', 'b.currency_id')
    .select(['c.id', 'c.code', 'b.on_hand'])
    .where('b.user_id', '=', departmentId)
    .where('b.on_hand', '>', '0')
    .orderBy('c.id')
    .execute();
  return rows;
}

/** Opens a shift counted exactly, runs the day, and closes it `off` from the balances per currency. */
async function shift(db: Database, who: Actor, off: Record<string, string>, day: () => Promise<void>) {
  const opening = (await drawer(db, who.id)).map((b) => ({ currency: b.id, amount: b.on_hand }));
  const opened = await openShift({ db }, who, ShiftOpenSchema.parse({ opening }).opening, null);
  await day();
  const held = await drawer(db, who.id);
  const codes = new Map(opened.amounts.map((a) => [a.currency, a.currency_code]));
  for (const b of held) codes.set(b.id, b.code);
  const counted: ShiftCount[] = [...codes].map(([currency, code]) => {
    const onHand = held.find((b) => b.id === currency)?.on_hand ?? '0';
    return { currency, amount: fixedMoney(new D(onHand).plus(off[code] ?? '0')), denominations: null };
  });
  await closeShift({ db }, who, opened.id, counted, null);
}

/** One item of the Bozorchi's first well-stocked variant, at its list price, paid in so'm. */
async function sellOne(db: Database, seller: Actor) {
  const held = await db
    .selectFrom('stock_balances')
    .select('variant_id')
    .where('department_id', '=', seller.id)
    .where('qty_on_hand', '>=', '3')
    .orderBy('variant_id')
    .limit(1)
    .executeTakeFirst();
  if (!held) return;
  await createDocument(
    { db, clock: () => new Date() },
    seller,
    saleKind,
    {
      counterparty: null,
      note: '',
      lines: [{ variant: held.variant_id, qty: '1', price: null, discount: '0' }],
    },
    { post: true, scope: null },
  );
}
