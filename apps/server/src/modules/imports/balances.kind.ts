import { msg } from '@app/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/context.ts';
import { publish } from '../../lib/events.ts';
import { listCurrencies, postMoney } from '../finance/finance.service.ts';
import { departmentsByRef } from './imports.repository.ts';
import { type ImportKindRules, known, type ParsedRow, resolveRows, UNKNOWN_DEPARTMENT } from './kind.ts';

// Opening balances (DESIGN.md section 17): a row is an amount of a department (by e-mail or code)
// in one of the business's currencies, posted as an ADJUSTMENT ledger row at the rate in force.
// A negative amount that would take a balance below zero is the ledger's 409 for the whole file.

interface BalanceData {
  line: number;
  userId: number;
  currencyId: number;
  amount: string;
}

async function resolver(db: Database, actor: Actor) {
  const [departments, currencies] = await Promise.all([
    departmentsByRef(db, actor.businessId),
    listCurrencies({ db }, actor),
  ]);
  const currencyIds = new Map(currencies.map((c) => [c.code, c.id]));
  return async (rows: ParsedRow<'balances'>[]) =>
    resolveRows(rows, (v, refuse) => {
      const data: Omit<BalanceData, 'line'> = {
        userId: known(departments, v.department.toLowerCase(), refuse, 'department', UNKNOWN_DEPARTMENT),
        currencyId: known(
          currencyIds,
          v.currency,
          refuse,
          'currency',
          msg('errors.finance.currency_not_found'),
        ),
        amount: v.amount,
      };
      return { action: 'create', data: { ...data } };
    });
}

async function poster(trx: Transaction<DB>, actor: Actor, importId: number) {
  const rates = new Map((await listCurrencies({ db: trx }, actor)).map((c) => [c.id, c.rate_to_uzs]));
  return async (data: Array<Record<string, unknown>>) => {
    const rows = data as unknown as BalanceData[];
    await postMoney(
      trx,
      rows.map((r) => ({
        businessId: actor.businessId,
        userId: r.userId,
        currencyId: r.currencyId,
        amount: r.amount,
        rateToUzs: rates.get(r.currencyId) as string,
        txType: 'ADJUSTMENT' as const,
        reason: msg('reason.import_x', { id: importId }),
        createdBy: actor.id,
      })),
    );
    const users = [...new Set(rows.map((r) => r.userId))];
    await publish(
      trx,
      actor.businessId,
      users.map((userId) => ({ userId, type: 'balance' as const, data: { what: 'money' } })),
    );
    return { created: rows.length, updated: 0 };
  };
}

export const balancesImport: ImportKindRules<'balances'> = {
  resolver,
  // Posted in (department, currency) order across pages, the order balances are locked in.
  order: sql`(data->>'userId')::int, (data->>'currencyId')::int, line`,
  poster,
  samples: [
    { department: 'KAS-01', currency: 'UZS', amount: '12500000' },
    { department: 'KAS-01', currency: 'USD', amount: '840.50' },
  ],
};
