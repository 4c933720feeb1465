import { msg } from '@app/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/context.ts';
import { saveImportedCounterparty } from '../debts/counterparties.service.ts';
import { openDebt } from '../debts/debts.service.ts';
import { listCurrencies } from '../finance/finance.service.ts';
import { departmentsByRef, sameCounterparties } from './imports.repository.ts';
import { type ImportKindRules, known, type ParsedRow, resolveRows, UNKNOWN_DEPARTMENT } from './kind.ts';

// Counterparties and their debts (DESIGN.md section 17): a row is a counterparty (the business's
// one with the same STIR, else the same name, is updated) and, when its debt columns are given,
// an open debt of a department in one of the business's currencies.

type Fields = Omit<ParsedRow<'counterparties'>['value'], `debt_${string}`>;

interface CounterpartyData {
  line: number;
  fields: Fields;
  debt: {
    direction: 'RECEIVABLE' | 'PAYABLE';
    currencyId: number;
    amount: string;
    dueDate: string | null;
    departmentId: number;
  } | null;
}

const identity = (tin: string | null, name: string) =>
  tin ? `tin:${tin}` : `name:${name.trim().toLowerCase()}`;

async function resolve(db: Database, actor: Actor, rows: ParsedRow<'counterparties'>[]) {
  const [departments, currencies, existing] = await Promise.all([
    departmentsByRef(db, actor.businessId),
    listCurrencies({ db }, actor),
    sameCounterparties(db, actor.businessId),
  ]);
  const currencyIds = new Map(currencies.map((c) => [c.code, c.id]));
  const seen = new Map<string, number>();
  return resolveRows(rows, (v, refuse, line) => {
    const id = identity(v.tin, v.name);
    const first = seen.get(id);
    if (first !== undefined)
      refuse(v.tin ? 'tin' : 'name', msg('validation.import.duplicate_in_file', { line: first }));
    else seen.set(id, line);
    const { debt_direction, debt_currency, debt_amount, debt_due_date, debt_department, ...fields } = v;
    const debt: CounterpartyData['debt'] =
      debt_direction && debt_currency && debt_amount && debt_department
        ? {
            direction: debt_direction,
            currencyId: known(
              currencyIds,
              debt_currency,
              refuse,
              'debt_currency',
              msg('errors.finance.currency_not_found'),
            ),
            amount: debt_amount,
            dueDate: debt_due_date ?? null,
            departmentId: known(
              departments,
              debt_department.toLowerCase(),
              refuse,
              'debt_department',
              UNKNOWN_DEPARTMENT,
            ),
          }
        : null;
    const data: Omit<CounterpartyData, 'line'> = { fields, debt };
    return { action: existing.has(id) ? 'update' : 'create', data: { ...data } };
  });
}

async function post(
  trx: Transaction<DB>,
  actor: Actor,
  importId: number,
  data: Array<Record<string, unknown>>,
) {
  let created = 0;
  for (const row of data as unknown as CounterpartyData[]) {
    const saved = await saveImportedCounterparty(trx, actor, row.fields);
    if (saved.created) created++;
    if (row.debt)
      await openDebt(trx, actor, {
        counterpartyId: saved.id,
        direction: row.debt.direction,
        currencyId: row.debt.currencyId,
        amount: row.debt.amount,
        dueDate: row.debt.dueDate,
        reason: msg('reason.import_x', { id: importId }),
        departmentId: row.debt.departmentId,
      });
  }
  return { created, updated: data.length - created };
}

export const counterpartiesImport: ImportKindRules<'counterparties'> = {
  resolve,
  post,
  samples: [
    {
      name: 'Anvar Qodirov',
      kind: 'CUSTOMER',
      phone: '+998 90 123 45 67',
      tin: '',
      note: '',
      debt_direction: 'RECEIVABLE',
      debt_currency: 'UZS',
      debt_amount: '1500000',
      debt_due_date: '2026-12-31',
      debt_department: 'bozorchi@demo.uz',
    },
    {
      name: '"Ipak Yo\'li" MChJ',
      kind: 'SUPPLIER',
      phone: '',
      tin: '301234567',
      note: '',
      debt_direction: '',
      debt_currency: '',
      debt_amount: '',
      debt_due_date: '',
      debt_department: '',
    },
  ],
};
