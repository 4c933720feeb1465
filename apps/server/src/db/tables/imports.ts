import type { ImportKind, Message } from '@app/shared';
import type { ColumnType, Generated } from 'kysely';
import type { ImportRowAction, ImportStoredStatus } from '../enums.ts';

/** JSONB written as JSON text, read as the parsed value. */
type Json<T> = ColumnType<T, string, string>;

/** One refusal of a staged row, kept as a message and rendered for each reader. */
export interface StoredImportError {
  row: number;
  column: string;
  message: Message;
}

/** Kysely types of migrations/0023_imports.sql and 0024_import_rows.sql (DESIGN.md section 17). */
export interface ImportTables {
  imports: {
    id: Generated<number>;
    business_id: number;
    kind: ImportKind;
    status: Generated<ImportStoredStatus>;
    columns: Json<string[]>;
    /** 0027: the words of the columns no template names (price columns), key to message. */
    column_names: ColumnType<Record<string, Message>, string | undefined, string>;
    row_count: number;
    valid_count: number;
    errors: Json<StoredImportError[]>;
    /** The first rows as they will be posted (DESIGN.md section 17), column key to text. */
    preview: Json<Array<Record<string, string>>>;
    result: ColumnType<{ created: number; updated: number } | null, string | null | undefined, string | null>;
    created_by: number;
    created_at: Generated<Date>;
    posted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  /** Every row of a file that passed its schema: its number, what posting does, its resolved data. */
  import_rows: {
    business_id: number;
    import_id: number;
    line: number;
    action: ImportRowAction | null;
    data: Json<Record<string, unknown>>;
  };
}
