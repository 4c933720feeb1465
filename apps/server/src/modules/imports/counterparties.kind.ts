import { msg } from '@app/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/context.ts';
import { saveImportedCounterparty } from '../debts/counterparties.service.ts';
import { openDebt } from '../debts/debts.service.ts';
import { listCurrencies } from '../finance/finance.service.ts';
import { departmentsByRef, repeatedRows, sameCounterparties } from './imports.repository.ts';
import { type ImportKindRules, known, type ParsedRow, resolveRows, UNKNOWN_DEPARTMENT } from './kind.ts';

// Counterparties and their debts (DESIGN.md section 17): a row is a counterparty (the business's
// one with the same STIR, else the same name, is updated) and, when its debt columns are given,
// an open debt of a department in one of the business's currencies.

type Fields = Omit<ParsedRow<'counterparties'>['value'], `debt_${string}`>;

interface CounterpartyData {
  line: number;
  fields: Fields;
  /** What makes two rows one counterparty: `tin:<STIR>`, else `name:<lower name>`. */
  identity: string;
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

async function resolver(db: Database, actor: Actor) {
  const [departments, currencies, existing] = await Promise.all([
    departmentsByRef(db, actor.businessId),
    listCurrencies({ db }, actor),
    sameCounterparties(db, actor.businessId),
  ]);
  const currencyIds = new Map(currencies.map((c) => [c.code, c.id]));
  return async (rows: ParsedRow<'counterparties'>[]) =>
    resolveRows(rows, (v, refuse) => {
      const id = identity(v.tin, v.name);
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
      const data: Omit<CounterpartyData, 'line'> = { fields, debt, identity: id };
      return { action: existing.has(id) ? 'update' : 'create', data: { ...data } };
    });
}

/** Across the file: one counterparty (the same STIR, else the same name) on two rows. */
async function across(db: Database, businessId: number, importId: number) {
  const twice = await repeatedRows(db, businessId, importId, 'identity');
  return twice.map((t) => ({
    row: t.line,
    column: t.value.startsWith('tin:') ? 'tin' : 'name',
    message: msg('validation.import.duplicate_in_file', { line: t.first }),
  }));
}

async function poster(trx: Transaction<DB>, actor: Actor, importId: number) {
  return async (data: Array<Record<string, unknown>>) => {
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
  };
}

export const counterpartiesImport: ImportKindRules<'counterparties'> = {
  resolver,
  across,
  poster,
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
