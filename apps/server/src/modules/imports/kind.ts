import { type ImportKind, type ImportRow, type Message, msg } from '@app/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { StoredImportError } from '../../db/tables/imports.ts';
import type { Actor } from '../../lib/context.ts';

// What each kind of import is (DESIGN.md section 17): how its checked rows are resolved against
// the business (names to ids, what exists already), and how the resolved rows are posted.

/** A row that passed the kind's schema: the file's row number and the row's values. */
export interface ParsedRow<K extends ImportKind> {
  line: number;
  value: ImportRow<K>;
}

/** A row resolved against the business, as it will be posted; `action` is what posting does. */
export interface ResolvedRow {
  line: number;
  action: 'create' | 'update';
  data: Record<string, unknown>;
}

export interface ImportCounts {
  created: number;
  updated: number;
}

export interface ImportKindRules<K extends ImportKind> {
  /** Every refusal the business's data adds (an unknown SKU, a duplicate), and the rows to post. */
  resolve(
    db: Database,
    actor: Actor,
    rows: ParsedRow<K>[],
  ): Promise<{ errors: StoredImportError[]; rows: ResolvedRow[] }>;
  /** Posts the resolved rows (`data`) inside the caller's transaction, telling `done` as it goes. */
  post(
    trx: Transaction<DB>,
    actor: Actor,
    importId: number,
    rows: Array<Record<string, unknown>>,
    done: Progress,
  ): Promise<ImportCounts>;
  /** The template's two sample rows, by column key. */
  samples: ReadonlyArray<Readonly<Record<string, string>>>;
}

/** Tells how many rows a long step has done so far. */
export type Progress = (rows: number) => Promise<void>;

/** Splits `items` into runs of `size` (one statement each). */
export function chunks<T>(items: readonly T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Refuses the row's cell `column` with `message`. */
export type Refuse = (column: string, message: Message) => void;

/**
 * Resolves every row with `each`, which refuses cells (every refusal of a row is kept) and
 * answers what posting does with the row and its data; a refused row is not posted.
 */
export function resolveRows<K extends ImportKind>(
  rows: readonly ParsedRow<K>[],
  each: (value: ParsedRow<K>['value'], refuse: Refuse, line: number) => Omit<ResolvedRow, 'line'>,
): { errors: StoredImportError[]; rows: ResolvedRow[] } {
  const errors: StoredImportError[] = [];
  const resolved: ResolvedRow[] = [];
  for (const { line, value } of rows) {
    const before = errors.length;
    const out = each(value, (column, message) => errors.push({ row: line, column, message }), line);
    if (errors.length === before) resolved.push({ line, action: out.action, data: { line, ...out.data } });
  }
  return { errors, rows: resolved };
}

/** The id `name` stands for in `ids`, else the cell `column` refused with `message`. */
export function known(
  ids: ReadonlyMap<string, number>,
  name: string,
  refuse: Refuse,
  column: string,
  message: Message,
): number {
  const id = ids.get(name);
  if (id === undefined) refuse(column, message);
  return id ?? 0;
}

export const UNKNOWN_DEPARTMENT = msg('validation.import.unknown_department');
