import {
  IMPORT_COLUMNS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_PROGRESS_EVERY,
  IMPORT_ROW_SCHEMAS,
  type Import,
  type ImportColumn,
  type ImportKind,
  type ImportProgress,
  LANGUAGES,
  type Language,
  type Message,
  msg,
} from '@app/shared';
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
import type { ImportKindRules, ParsedRow, Progress } from './kind.ts';
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
    await publish(deps.db, [{ userId: actor.id, type: 'import', data }]);
  };
}

/** A header as compared: lower case, `_` and `-` as spaces, single spaces, no marks around it. */
const headerKey = (text: string) =>
  text
    .replace(/[\s_-]+/g, ' ')
    .replace(/^[\s*]+|[\s*:]+$/g, '')
    .toLowerCase();

/** A column's header in a language (the template's words). */
export const headerText = (column: ImportColumn, language: Language) => tr(language, msg(column.header));

/** Which column of the kind each of the file's columns is (by its words in any language, or its key). */
function matchHeader(kind: ImportKind, cells: string[]): Array<ImportColumn | null> {
  const byWords = new Map<string, ImportColumn>();
  for (const column of IMPORT_COLUMNS[kind]) {
    for (const name of [column.key, ...column.aliases]) byWords.set(headerKey(name), column);
    for (const language of LANGUAGES) byWords.set(headerKey(headerText(column, language)), column);
  }
  const found = cells.map((cell) => byWords.get(headerKey(cell)) ?? null);
  const named = found.filter((c): c is ImportColumn => c !== null).map((c) => c.key);
  const twice = named.find((key, i) => named.indexOf(key) !== i);
  if (twice) throw badRequest(msg('errors.import.column_twice', { column: twice }));
  return found;
}

/** The file's required columns it lacks, named in the reader's words: one 400 for all of them. */
function requireColumns(kind: ImportKind, found: Array<ImportColumn | null>): void {
  const missing = IMPORT_COLUMNS[kind].filter((c) => c.required && !found.includes(c));
  if (missing.length === 0) return;
  const columns = missing.map((c) => msg(c.header));
  throw badRequest(msg('errors.import.missing_columns', { columns }), {
    file: [msg('errors.import.missing_columns', { columns })],
  });
}

interface Read {
  columns: ImportColumn[];
  rowCount: number;
  parsed: ParsedRow<ImportKind>[];
  errors: StoredImportError[];
  /** The first rows' texts as the file had them (a refused row is previewed as written). */
  raw: Map<number, Record<string, string>>;
}

/** Reads every row and checks each by the kind's schema; every error of every row is kept. */
async function readRows(kind: ImportKind, rows: AsyncIterable<SheetRow>, done: Progress): Promise<Read> {
  const read: Read = { columns: [], rowCount: 0, parsed: [], errors: [], raw: new Map() };
  let header: Array<ImportColumn | null> | null = null;
  const schema = IMPORT_ROW_SCHEMAS[kind];
  for await (const { line, cells } of rows) {
    if (cells.every((c) => c.trim() === '')) continue;
    if (!header) {
      header = matchHeader(kind, cells);
      requireColumns(kind, header);
      read.columns = IMPORT_COLUMNS[kind].filter((c) => header?.includes(c));
      continue;
    }
    read.rowCount++;
    await done(read.rowCount);
    const record: Record<string, string> = {};
    header.forEach((column, i) => {
      if (column) record[column.key] = cells[i] ?? '';
    });
    if (read.raw.size < IMPORT_PREVIEW_ROWS) read.raw.set(line, record);
    const checked = schema.safeParse(record);
    if (checked.success) read.parsed.push({ line, value: checked.data } as ParsedRow<ImportKind>);
    else
      for (const issue of checked.error.issues)
        read.errors.push({
          row: line,
          column: String(issue.path[0] ?? ''),
          message: issueMessage(issue.message),
        });
  }
  if (!header || read.rowCount === 0)
    throw badRequest(msg('errors.import.empty_file'), { file: [msg('errors.import.empty_file')] });
  return read;
}

const cellOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Stages an uploaded file (DESIGN.md section 17): `{id, kind, status: STAGED, rows, valid,
 * errors, preview}`, nothing posted. The caller removes the file afterwards.
 */
export async function stageImport(
  deps: Pick<Deps, 'db' | 'sessions'>,
  actor: Actor,
  kind: ImportKind,
  path: string,
  language: Language,
  progress?: string,
): Promise<Import> {
  const read = await readRows(
    kind,
    readSheet(path, await sniffFormat(path)),
    progressOf(deps, actor, progress, 'read'),
  );
  const rules = RULES[kind] as ImportKindRules<ImportKind>;
  const resolved = await rules.resolve(deps.db, actor, read.parsed);
  // Every error of every row, a row's in the order of its columns.
  const order = IMPORT_COLUMNS[kind].map((c) => c.key);
  const errors = [...read.errors, ...resolved.errors].sort(
    (a, b) => a.row - b.row || order.indexOf(a.column) - order.indexOf(b.column),
  );
  const action = new Map(resolved.rows.map((r) => [r.line, r.action]));
  const checkedValue = new Map(read.parsed.map((p) => [p.line, p.value as Record<string, unknown>]));
  const preview = [...read.raw].map(([line, raw]) => {
    const value = action.has(line) ? checkedValue.get(line) : undefined;
    const cells = Object.fromEntries(
      read.columns.map((c) => [c.key, value ? cellOf(value[c.key]) : (raw[c.key] ?? '')]),
    );
    return { row: String(line), action: action.get(line) ?? '', ...cells };
  });
  const id = await inTransaction(deps.db, async (trx) => {
    const id = await repo.insertImport(trx, {
      businessId: actor.businessId,
      kind,
      columns: read.columns.map((c) => c.key),
      rowCount: read.rowCount,
      validCount: resolved.rows.length,
      errors,
      rows: errors.length ? [] : resolved.rows.map((r) => r.data),
      preview,
      createdBy: actor.id,
    });
    await auditAs(trx, actor, {
      action: 'import.stage',
      entity: 'import',
      entityId: id,
      summary: msg('audit.import.staged', { rows: read.rowCount, errors: errors.length }),
    });
    return id;
  });
  return getImport(deps, actor, id, language);
}

const render = (language: Language, errors: StoredImportError[]) =>
  errors.map((e) => ({ row: e.row, column: e.column, message: tr(language, e.message as Message) }));

function toImport(r: repo.ImportRecord, language: Language): Import {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    rows: r.row_count,
    valid: r.valid_count,
    errors: render(language, r.errors),
    preview: r.preview,
    columns: r.columns,
    created_at: r.created_at.toISOString(),
    posted_at: r.posted_at?.toISOString() ?? null,
    result: r.result,
  };
}

export async function getImport(deps: Pick<Deps, 'db'>, actor: Actor, id: number, language: Language) {
  const row = await repo.findImport(deps.db, actor.businessId, id);
  if (!row) throw notFound();
  return toImport(row, language);
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
      if (!staged) throw notFound();
      if (staged.status === 'POSTED') return { id };
      if (staged.status === 'DISCARDED') throw conflict(msg('errors.import.discarded'));
      if (staged.errors.length > 0)
        throw conflict(msg('errors.import.has_errors', { count: staged.errors.length }));
      const rules = RULES[staged.kind] as ImportKindRules<ImportKind>;
      const counts = await rules.post(trx, actor, id, staged.rows_data, done);
      await repo.markPosted(trx, id, counts);
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
    if (!staged) throw notFound();
    if (staged.status === 'POSTED') throw conflict(msg('errors.import.already_posted'));
    if (staged.status === 'DISCARDED') return;
    await repo.discardImport(trx, id);
    await auditAs(trx, actor, { action: 'import.discard', entity: 'import', entityId: id });
  });
}
