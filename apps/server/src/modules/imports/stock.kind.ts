import { msg, StockCurrencySchema } from '@app/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/context.ts';
import { issueMessage } from '../../lib/errors.ts';
import { tr } from '../../lib/texts.ts';
import { listCurrencies } from '../finance/finance.service.ts';
import { type OpeningLot, receiveOpeningStock } from '../inventory/inventory.service.ts';
import { departmentsByRef, variantsBySku } from './imports.repository.ts';
import { type ImportKindRules, known, type ParsedRow, resolveRows, UNKNOWN_DEPARTMENT } from './kind.ts';

// Opening stock (DESIGN.md section 17): a row is a lot of a department (by e-mail or code), of a
// variant (by SKU), at its unit cost in USD or UZS, posted as an ADJUSTMENT entry.

async function resolver(db: Database, actor: Actor) {
  const [departments, currencies] = await Promise.all([
    departmentsByRef(db, actor.businessId),
    listCurrencies({ db }, actor),
  ]);
  const currencyIds = new Map(currencies.map((c) => [c.code, c.id]));
  return async (rows: ParsedRow<'stock'>[]) => {
    const variants = await variantsBySku(
      db,
      actor.businessId,
      rows.map((r) => r.value.sku),
    );
    return resolveRows(rows, (v, refuse) => {
      const currencyId = known(
        currencyIds,
        v.currency,
        refuse,
        'currency',
        msg('errors.finance.currency_not_found'),
      );
      const checked = StockCurrencySchema.safeParse(currencyId);
      if (currencyId && !checked.success) refuse('currency', issueMessage(checked.error.issues[0]?.message));
      const lot: OpeningLot = {
        departmentId: known(
          departments,
          v.department.toLowerCase(),
          refuse,
          'department',
          UNKNOWN_DEPARTMENT,
        ),
        variantId: known(variants, v.sku, refuse, 'sku', msg('validation.import.unknown_sku')),
        qty: v.qty,
        unitCost: v.unit_cost,
        currencyId,
        location: v.location,
      };
      return { action: 'create', data: { ...lot } };
    });
  };
}

async function poster(trx: Transaction<DB>, actor: Actor, importId: number) {
  // The entries' reason is text (no message column): the business's language, Uzbek.
  const reason = tr('uz', msg('reason.import_x', { id: importId }));
  return async (data: Array<Record<string, unknown>>) => {
    const created = await receiveOpeningStock(
      trx,
      { businessId: actor.businessId, actorId: actor.id },
      reason,
      data as unknown as OpeningLot[],
    );
    return { created, updated: 0 };
  };
}

export const stockImport: ImportKindRules<'stock'> = {
  resolver,
  // Posted in (department, variant) order across pages, the order every writer of several
  // stock balances locks them in.
  order: sql`(data->>'departmentId')::int, (data->>'variantId')::int, line`,
  poster,
  samples: [
    {
      department: 'omborchi@demo.uz',
      sku: 'KL-01-OQ-M',
      qty: '40',
      unit_cost: '85000',
      currency: 'UZS',
      location: 'Ombor A',
    },
    {
      department: 'omborchi@demo.uz',
      sku: 'PM-150',
      qty: '120.5',
      unit_cost: '1.25',
      currency: 'USD',
      location: '',
    },
  ],
};
