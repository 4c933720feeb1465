import { type ImportKind, type ImportRow, type Message, msg } from '@app/shared';
import type { RawBuilder, Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { ImportRowAction } from '../../db/enums.ts';
import type { DB } from '../../db/schema.ts';
import type { StoredImportError } from '../../db/tables/imports.ts';
import type { Actor } from '../../lib/context.ts';
import type { StagedRow } from './imports.repository.ts';

// What each kind of import is (DESIGN.md section 17): how its checked rows are resolved against
// the business (names to ids, what exists already), and how the resolved rows are posted.

/** A row that passed the kind's schema: the file's row number and the row's values. */
export interface ParsedRow<K extends ImportKind> {
  line: number;
  value: ImportRow<K>;
}

export interface ImportCounts {
  created: number;
  updated: number;
}

/** A batch's refusals, and every row of it to store (a refused one without an action). */
export interface Resolved {
  errors: StoredImportError[];
  rows: StagedRow[];
}

/**
 * A kind of import. Staging reads the file a batch at a time (DESIGN.md section 17): each batch
 * is resolved and stored, then `across` checks the whole file over the stored rows; posting
 * reads them back a page at a time in `order`. Nothing holds the whole file in memory.
 */
export interface ImportKindRules<K extends ImportKind> {
  /** The columns the business adds to the kind's (none when absent). */
  extraColumns?(db: Database, actor: Actor): Promise<ExtraColumns>;
  /** Looks up what one file needs once; the answer resolves each batch of its rows. */
  resolver(db: Database, actor: Actor): Promise<(rows: ParsedRow<K>[]) => Promise<Resolved>>;
  /** The refusals only the whole file shows (a value twice), by SQL over the stored rows. */
  across?(db: Database, businessId: number, importId: number): Promise<StoredImportError[]>;
  /** The order rows are posted in, an SQL expression over `data` and `line` (default: `line`). */
  order?: RawBuilder<unknown>;
  /** Prepares posting inside the caller's transaction; the answer posts each page of rows. */
  poster(
    trx: Transaction<DB>,
    actor: Actor,
    importId: number,
  ): Promise<(rows: Array<Record<string, unknown>>) => Promise<ImportCounts>>;
  /** The template's two sample rows, by column key. */
  samples: ReadonlyArray<Readonly<Record<string, string>>>;
}

/**
 * Columns a kind's template does not name, found among the business's own words (a catalogue's
 * price columns, one per price type: DESIGN.md section 19). A value of one is `extras[key]`.
 */
export interface ExtraColumns {
  /** Every such column the business has, in the template's order. */
  keys: string[];
  /** The key of a header (as `headerKey` compares it), or null. */
  match(header: string): string | null;
  /** The column's words, for the template and the preview. */
  name(key: string): Message;
  /** Checks a cell that is not empty: its value, or the message refusing it. */
  check(key: string, text: string): { value: string } | { error: Message };
}

/** A header as compared: lower case, `_` and `-` as spaces, single spaces, no marks around it. */
export const headerKey = (text: string) =>
  text
    .replace(/[\s_-]+/g, ' ')
    .replace(/^[\s*]+|[\s*:]+$/g, '')
    .toLowerCase();

/** Tells how many rows a long step has done so far. */
export type Progress = (rows: number) => Promise<void>;

/** Refuses the row's cell `column` with `message`. */
export type Refuse = (column: string, message: Message) => void;

/**
 * Resolves every row with `each`, which refuses cells (every refusal of a row is kept) and
 * answers what posting does with the row and its data; a refused row is stored without an action
 * (the checks across the file still see it) and never posted.
 */
export function resolveRows<K extends ImportKind>(
  rows: readonly ParsedRow<K>[],
  each: (
    value: ParsedRow<K>['value'],
    refuse: Refuse,
  ) => { action: ImportRowAction; data: Record<string, unknown> },
): Resolved {
  const errors: StoredImportError[] = [];
  const staged: StagedRow[] = [];
  for (const { line, value } of rows) {
    const before = errors.length;
    const out = each(value, (column, message) => errors.push({ row: line, column, message }));
    staged.push({ line, action: errors.length === before ? out.action : null, data: { line, ...out.data } });
  }
  return { errors, rows: staged };
}

/** Refusals of rows that `found` names, at `column`, each naming the earlier row. */
export const refusalsOf = (
  found: ReadonlyArray<{ line: number; first?: number }>,
  column: string,
  message: (first: number) => Message,
): StoredImportError[] => found.map((f) => ({ row: f.line, column, message: message(f.first ?? f.line) }));

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
