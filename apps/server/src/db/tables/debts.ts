import type { CounterpartyKind, DebtDirection } from '@app/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Numeric, StoredMessage } from './core.ts';

/** Kysely types of migrations/0016_debts.sql. */
export interface DebtTables {
  counterparties: {
    id: Generated<number>;
    business_id: number;
    name: string;
    kind: CounterpartyKind;
    phone: Generated<string>;
    tin: string | null;
    note: Generated<string>;
    /** 0028: its sale lines' prices default from this price type. */
    price_type_id: number | null;
    created_by: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  debts: {
    id: Generated<number>;
    business_id: number;
    counterparty_id: number;
    department_id: number;
    direction: DebtDirection;
    currency_id: number;
    amount: Numeric;
    paid: ColumnType<string, string | undefined, string>;
    /** DATE, read as a Date like every DATE (db/connection.ts parses none). */
    due_date: ColumnType<Date | null, string | null, string | null>;
    reason: Generated<string>;
    reason_message: StoredMessage;
    stock_exit_id: number | null;
    stock_entry_id: number | null;
    /** 0028: the sale or purchase that opened it. */
    document_id: number | null;
    created_by: number;
    created_at: Generated<Date>;
  };
  debt_payments: {
    business_id: number;
    id: Generated<number>;
    debt_id: number;
    amount: Numeric;
    money_transaction_id: number;
    reason: Generated<string>;
    reason_message: StoredMessage;
    created_by: number;
    created_at: Generated<Date>;
  };
}
