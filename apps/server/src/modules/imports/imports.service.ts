import {
  IMPORT_COLUMNS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_PROGRESS_EVERY,
  IMPORT_ROW_SCHEMAS,
  type Import,
  type ImportColumn,
  type ImportKind,
  type ImportProgress,
  type ImportStatus,
  LANGUAGES,
  type Language,
  type Message,
  msg,
} from '@app/shared';
import type { ImportRowAction } from '../../db/enums.ts';
import type { StoredImportError } from '../../db/tables/imports.ts';
import { auditAs } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { badRequest, conflict, issueMessage, notFound } from '../../lib/errors.ts';
import { publish } from '../../lib/events.ts';
import { type IdempotencyScope, runIdempotent } from '../../lib/idempotency.ts';
import { readSheet, type SheetRow, sniffFormat } from '../../lib/sheet-reader.ts';
import { tr } from '../../lib/texts.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { balancesImport } from './balances.kind.ts';
import { catalogImport } from './catalog.kind.ts';
import { counterpartiesImport } from './counterparties.kind.ts';
import * as repo from './imports.repository.ts';
import {
  type ExtraColumns,
  headerKey,
  type ImportKindRules,
  type ParsedRow,
  type Progress,
  type Resolved,
} from './kind.ts';
import { stockImport } from './stock.kind.ts';

// Bringing a business in (DESIGN.md section 17): a file is read, every row checked by the same
// rules as the API's and resolved against the business, and staged; nothing is posted until the
// commit, which posts every row in one transaction or none.

const RULES: { [K in ImportKind]: ImportKindRules<K> } = {
  catalog: catalogImport,
  stock: stockImport,
  counterparties: counterpartiesImport,
  balances: balancesImport,
};

export const importSamples = (kind: ImportKind) => RULES[kind].samples;

/** The columns the business adds to a kind's template (a catalogue's price columns), if any. */
export const importExtraColumns = (deps: Pick<Deps, 'db'>, actor: Actor, kind: ImportKind) =>
  RULES[kind].extraColumns?.(deps.db, actor) ?? Promise.resolve(null);

/**
 * What tells the page a long import's progress (DESIGN.md section 17): a live event to the user
 * each IMPORT_PROGRESS_EVERY rows, written outside any transaction so that it arrives while
 * the work goes on. Without a token from the page, nothing is told.
 */
function progressOf(
  deps: Pick<Deps, 'db' | 'sessions'>,
  actor: Actor,
  token: string | undefined,
  phase: ImportProgress['phase'],
): Progress {
  // The embedded database has one session: an event written beside the commit's transaction
  // would wait for it, so there the commit's progress is not told (the reading's is).
  if (!token || (phase === 'post' && deps.sessions === 'one')) return async () => {};
  let told = 0;
  return async (rows) => {
    if (rows - told < IMPORT_PROGRESS_EVERY) return;
    told = rows;
    const data: ImportProgress = { progress: token, phase, rows };
    await publish(deps.db, actor.businessId, [{ userId: actor.id, type: 'import', data }]);
  };
}

/** A column's header in a language (the template's words). */
export const headerText = (column: ImportColumn, language: Language) => tr(language, msg(column.header));

/**
 * Which column each of the file's columns is, by key: one of the kind's (by its words in any
 * language, or its key), else one the business adds (`extra`), else none.
 */
function matchHeader(kind: ImportKind, cells: string[], extra: ExtraColumns | null): Array<string | null> {
  const byWords = new Map<string, string>();
  for (const column of IMPORT_COLUMNS[kind]) {
    for (const name of [column.key, ...column.aliases]) byWords.set(headerKey(name), column.key);
    for (const language of LANGUAGES) byWords.set(headerKey(headerText(column, language)), column.key);
  }
  const found = cells.map((cell) => byWords.get(headerKey(cell)) ?? extra?.match(headerKey(cell)) ?? null);
  const named = found.filter((c): c is string => c !== null);
  const twice = named.find((key, i) => named.indexOf(key) !== i);
  if (twice) throw badRequest(msg('errors.import.column_twice', { column: twice }));
  return found;
}

/** The file's required columns it lacks, named in the reader's words: one 400 for all of them. */
function requireColumns(kind: ImportKind, found: Array<string | null>): void {
  const missing = IMPORT_COLUMNS[kind].filter((c) => c.required && !found.includes(c.key));
  if (missing.length === 0) return;
  const columns = missing.map((c) => msg(c.header));
  throw badRequest(msg('errors.import.missing_columns', { columns }), {
    file: [msg('errors.import.missing_columns', { columns })],
  });
}

/** A row of the preview as read: its cells as written, its checked values, what posting does. */
interface PreviewRow {
  line: number;
  raw: Record<string, string>;
  value?: Record<string, unknown>;
  action: ImportRowAction | null;
}

interface Read {
  /** The file's columns by key: the kind's in its order, then the business's own in the file's. */
  columns: string[];
  rowCount: number;
  errors: StoredImportError[];
  preview: PreviewRow[];
}

/** How many rows are resolved and stored together while a file is read. */
const BATCH_ROWS = 1000;

/**
 * Reads every row, checks each by the kind's schema, and resolves and stores them a batch at a
 * time (`resolve`, `store`): every error of every row is kept, the rows themselves are not.
 */
async function readRows(
  kind: ImportKind,
  extra: ExtraColumns | null,
  rows: AsyncIterable<SheetRow>,
  resolve: (rows: ParsedRow<ImportKind>[]) => Promise<Resolved>,
  store: (rows: Resolved['rows']) => Promise<void>,
  done: Progress,
): Promise<Read> {
  const read: Read = { columns: [], rowCount: 0, errors: [], preview: [] };
  let header: Array<string | null> | null = null;
  let extraKeys: string[] = [];
  const schema = IMPORT_ROW_SCHEMAS[kind];
  let batch: ParsedRow<ImportKind>[] = [];
  const flush = async () => {
    const resolved = await resolve(batch);
    batch = [];
    read.errors.push(...resolved.errors);
    await store(resolved.rows);
    for (const row of resolved.rows) {
      const shown = read.preview.find((p) => p.line === row.line);
      if (shown) shown.action = row.action;
    }
  };
  for await (const { line, cells } of rows) {
    if (cells.every((c) => c.trim() === '')) continue;
    if (!header) {
      header = matchHeader(kind, cells, extra);
      requireColumns(kind, header);
      const known = IMPORT_COLUMNS[kind].map((c) => c.key);
      extraKeys = header.filter((key): key is string => key !== null && !known.includes(key));
      read.columns = [...known.filter((key) => header?.includes(key)), ...extraKeys];
      continue;
    }
    read.rowCount++;
    await done(read.rowCount);
    const record: Record<string, string> = {};
    header.forEach((key, i) => {
      if (key) record[key] = cells[i] ?? '';
    });
    const checked = schema.safeParse(record);
    const refusals = checked.success
      ? []
      : checked.error.issues.map((issue) => ({
          column: String(issue.path[0] ?? ''),
          message: issueMessage(issue.message),
        }));
    // The business's own columns: an empty cell is no value.
    const extras: Record<string, string> = {};
    for (const key of extraKeys) {
      const text = (record[key] ?? '').trim();
      if (!text || !extra) continue;
      const cell = extra.check(key, text);
      if ('value' in cell) extras[key] = cell.value;
      else refusals.push({ column: key, message: cell.error });
    }
    // Only a kind with columns of its own (the catalogue) finds `extras` in its rows.
    const value = checked.success ? (extra ? { ...checked.data, extras } : checked.data) : undefined;
    if (read.preview.length < IMPORT_PREVIEW_ROWS)
      read.preview.push({ line, raw: record, value: value && { ...value, ...extras }, action: null });
    if (value && refusals.length === 0) {
      batch.push({ line, value } as ParsedRow<ImportKind>);
      if (batch.length >= BATCH_ROWS) await flush();
    } else for (const refusal of refusals) read.errors.push({ row: line, ...refusal });
  }
  if (!header || read.rowCount === 0)
    throw badRequest(msg('errors.import.empty_file'), { file: [msg('errors.import.empty_file')] });
  if (batch.length > 0) await flush();
  return read;
}

const cellOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Stages an uploaded file (DESIGN.md section 17): `{id, kind, status: STAGED, rows, valid,
 * errors, preview}`, nothing posted. The rows are stored a batch at a time as they are read, so
 * memory holds a batch and the errors, never the file; an import is READING (not shown) until its
 * last row is stored and checked, and a file that cannot be read leaves nothing. The caller
 * removes the file afterwards.
 */
export async function stageImport(
  deps: Pick<Deps, 'db' | 'sessions'>,
  actor: Actor,
  kind: ImportKind,
  path: string,
  language: Language,
  progress?: string,
): Promise<Import> {
  const rules = RULES[kind] as ImportKindRules<ImportKind>;
  const extra = rules.extraColumns ? await rules.extraColumns(deps.db, actor) : null;
  const id = await repo.startImport(deps.db, { businessId: actor.businessId, kind, createdBy: actor.id });
  try {
    const read = await readRows(
      kind,
      extra,
      readSheet(path, await sniffFormat(path)),
      await rules.resolver(deps.db, actor),
      (rows) => repo.storeRows(deps.db, actor.businessId, id, rows),
      progressOf(deps, actor, progress, 'read'),
    );
    const across = rules.across ? await rules.across(deps.db, actor.businessId, id) : [];
    // Every error of every row, a row's in the order of its columns.
    const order = read.columns;
    const errors = [...read.errors, ...across].sort(
      (a, b) => a.row - b.row || order.indexOf(a.column) - order.indexOf(b.column),
    );
    const refused = new Set(errors.map((e) => e.row));
    // A refused row is previewed as written; another as it will be posted.
    const preview = read.preview.map(({ line, raw, value, action }) => {
      const shown = refused.has(line) ? undefined : value;
      const cells = Object.fromEntries(
        read.columns.map((key) => [key, shown ? cellOf(shown[key]) : (raw[key] ?? '')]),
      );
      return { row: String(line), action: (shown && action) || '', ...cells };
    });
    await inTransaction(deps.db, async (trx) => {
      await repo.finishStaging(trx, actor.businessId, id, {
        columns: read.columns,
        columnNames: Object.fromEntries(
          read.columns
            .filter((key) => extra?.keys.includes(key))
            .map((key) => [key, extra?.name(key) as Message]),
        ),
        rowCount: read.rowCount,
        validCount: read.rowCount - refused.size,
        errors,
        preview,
      });
      await auditAs(trx, actor, {
        action: 'import.stage',
        entity: 'import',
        entityId: id,
        summary: msg('audit.import.staged', { rows: read.rowCount, errors: errors.length }),
      });
    });
  } catch (err) {
    await repo.forgetImport(deps.db, actor.businessId, id);
    throw err;
  }
  return getImport(deps, actor, id, language);
}

const render = (language: Language, errors: StoredImportError[]) =>
  errors.map((e) => ({ row: e.row, column: e.column, message: tr(language, e.message as Message) }));

function toImport(r: repo.ImportRecord & { status: ImportStatus }, language: Language): Import {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    rows: r.row_count,
    valid: r.valid_count,
    errors: render(language, r.errors),
    preview: r.preview,
    columns: r.columns,
    column_names: Object.fromEntries(
      Object.entries(r.column_names).map(([key, name]) => [key, tr(language, name)]),
    ),
    created_at: r.created_at.toISOString(),
    posted_at: r.posted_at?.toISOString() ?? null,
    result: r.result,
  };
}

export async function getImport(deps: Pick<Deps, 'db'>, actor: Actor, id: number, language: Language) {
  const row = await repo.findImport(deps.db, actor.businessId, id);
  if (!row || row.status === 'READING') throw notFound();
  return toImport({ ...row, status: row.status }, language);
}

/**
 * Posts a staged import in one transaction (DESIGN.md section 17): every row or none; a second
 * commit answers the posted import and posts nothing; an import with errors is a 409.
 */
export async function commitImport(
  deps: Pick<Deps, 'db' | 'sessions'>,
  actor: Actor,
  id: number,
  scope: IdempotencyScope | null,
  language: Language,
  progress?: string,
): Promise<Import> {
  const done = progressOf(deps, actor, progress, 'post');
  await inTransaction(deps.db, (trx) =>
    runIdempotent(trx, scope, async () => {
      const staged = await repo.lockImport(trx, actor.businessId, id);
      if (!staged || staged.status === 'READING') throw notFound();
      if (staged.status === 'POSTED') return { id };
      if (staged.status === 'DISCARDED') throw conflict(msg('errors.import.discarded'));
      if (staged.errors.length > 0)
        throw conflict(msg('errors.import.has_errors', { count: staged.errors.length }));
      const rules = RULES[staged.kind] as ImportKindRules<ImportKind>;
      const post = await rules.poster(trx, actor, id);
      const counts = { created: 0, updated: 0 };
      for await (const page of repo.rowPages(trx, actor.businessId, id, rules.order)) {
        const posted = await post(page);
        counts.created += posted.created;
        counts.updated += posted.updated;
        await done(counts.created + counts.updated);
      }
      await repo.markPosted(trx, actor.businessId, id, counts);
      await auditAs(trx, actor, {
        action: 'import.commit',
        entity: 'import',
        entityId: id,
        summary: msg('audit.import.committed', { rows: staged.valid_count, ...counts }),
      });
      return { id };
    }),
  );
  return getImport(deps, actor, id, language);
}

/** Discards a staged import; a posted one stays (409). */
export async function discardImport(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const staged = await repo.lockImport(trx, actor.businessId, id);
    if (!staged || staged.status === 'READING') throw notFound();
    if (staged.status === 'POSTED') throw conflict(msg('errors.import.already_posted'));
    if (staged.status === 'DISCARDED') return;
    await repo.discardImport(trx, actor.businessId, id);
    await auditAs(trx, actor, { action: 'import.discard', entity: 'import', entityId: id });
  });
}
