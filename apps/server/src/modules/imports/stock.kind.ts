import { msg, StockCurrencySchema } from '@app/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/context.ts';
import { issueMessage } from '../../lib/errors.ts';
import { tr } from '../../lib/texts.ts';
import { listCurrencies } from '../finance/finance.service.ts';
import { type OpeningLot, receiveOpeningStock } from '../inventory/inventory.service.ts';
import { departmentsByRef, variantsBySku } from './imports.repository.ts';
import {
  type ImportKindRules,
  known,
  type ParsedRow,
  type Progress,
  resolveRows,
  UNKNOWN_DEPARTMENT,
} from './kind.ts';

// Opening stock (DESIGN.md section 17): a row is a lot of a department (by e-mail or code), of a
// variant (by SKU), at its unit cost in USD or UZS, posted as an ADJUSTMENT entry.

async function resolve(db: Database, actor: Actor, rows: ParsedRow<'stock'>[]) {
  const [departments, variants, currencies] = await Promise.all([
    departmentsByRef(db, actor.businessId),
    variantsBySku(db, actor.businessId),
    listCurrencies({ db }, actor),
  ]);
  const currencyIds = new Map(currencies.map((c) => [c.code, c.id]));
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
      departmentId: known(departments, v.department.toLowerCase(), refuse, 'department', UNKNOWN_DEPARTMENT),
      variantId: known(variants, v.sku, refuse, 'sku', msg('validation.import.unknown_sku')),
      qty: v.qty,
      unitCost: v.unit_cost,
      currencyId,
      location: v.location,
    };
    return { action: 'create', data: { ...lot } };
  });
}

async function post(
  trx: Transaction<DB>,
  actor: Actor,
  importId: number,
  data: Array<Record<string, unknown>>,
  done: Progress,
) {
  // The entries' reason is text (no message column): the business's language, Uzbek.
  const reason = tr('uz', msg('reason.import_x', { id: importId }));
  const created = await receiveOpeningStock(
    trx,
    { businessId: actor.businessId, actorId: actor.id },
    reason,
    data as unknown as OpeningLot[],
    done,
  );
  return { created, updated: 0 };
}

export const stockImport: ImportKindRules<'stock'> = {
  resolve,
  post,
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
