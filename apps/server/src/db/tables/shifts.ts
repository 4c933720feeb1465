import type { ColumnType, Generated } from 'kysely';
import type { Numeric } from './core.ts';

/** A count by notes and coins (JSONB): written as JSON text, read as the parsed value. */
type Denominations = ColumnType<
  { value: string; count: number }[] | null,
  string | null | undefined,
  string | null
>;

/** Kysely types of migrations/0034_cash_shifts.sql (DESIGN.md section 22). */
export interface ShiftTables {
  cash_shifts: {
    id: Generated<number>;
    business_id: number;
    department_id: number;
    number: number;
    opened_by: number;
    opened_at: Generated<Date>;
    closed_by: number | null;
    closed_at: Date | null;
  };
  cash_shift_amounts: {
    shift_id: number;
    business_id: number;
    currency_id: number;
    opening: Numeric;
    opening_difference: ColumnType<string, string | undefined, string>;
    expected: Numeric | null;
    counted: Numeric | null;
    difference: Numeric | null;
    counted_denominations: Denominations;
    opening_denominations: Denominations;
  };
}
