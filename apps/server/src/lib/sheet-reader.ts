import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNPACKED_BYTES,
  IMPORT_MAX_ZIP_ENTRIES,
  type Message,
  msg,
} from '@app/shared';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { AppError, badRequest } from './errors.ts';

// Reading an uploaded table (DESIGN.md section 17): the first sheet of an .xlsx or a .csv (UTF-8
// with or without BOM, `;` or `,`), streamed a row at a time so memory stays flat whatever the
// file's length. A file is data: a formula cell gives its cached value, never evaluated.

export type SheetFormat = 'xlsx' | 'csv';

const refuse = (message: Message) => badRequest(message, { file: [message] });

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** An old binary .xls (OLE2): not read; the person saves it as .xlsx or .csv. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** The format by the file's first bytes (a zip is an .xlsx), never by its name alone. */
export async function sniffFormat(path: string): Promise<SheetFormat> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead === 4 && head.equals(OLE_MAGIC)) throw refuse(msg('errors.import.unreadable_file'));
    return bytesRead === 4 && head.equals(ZIP_MAGIC) ? 'xlsx' : 'csv';
  } finally {
    await handle.close();
  }
}

/**
 * Reads a zip's central directory, nothing unpacked: too many entries, or more bytes than
 * IMPORT_MAX_UNPACKED_BYTES once unpacked, is a zip bomb and a 400.
 */
export function checkZip(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return reject(refuse(msg('errors.import.unreadable_file')));
      if (zip.entryCount > IMPORT_MAX_ZIP_ENTRIES) {
        zip.close();
        return reject(refuse(msg('errors.import.zip_too_many_entries', { max: IMPORT_MAX_ZIP_ENTRIES })));
      }
      let unpacked = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        unpacked += entry.uncompressedSize;
        if (unpacked > IMPORT_MAX_UNPACKED_BYTES) {
          zip.close();
          return reject(
            refuse(msg('errors.import.zip_too_large', { max: IMPORT_MAX_UNPACKED_BYTES / 1048576 })),
          );
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(refuse(msg('errors.import.unreadable_file'))));
      zip.readEntry();
    });
  });
}

/** An ISO date for a date cell (the sheet's calendar day, as written). */
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** A cell as the text a person typed: a formula's cached result, rich text joined, a date's day. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDate(value);
  if (typeof value !== 'object') return String(value);
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

/** A row of the file: its number as a spreadsheet shows it (the header is 1), and its cells. */
export interface SheetRow {
  line: number;
  cells: string[];
}

async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  await checkZip(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = row.values as ExcelJS.CellValue[];
      // row.values is 1-based; the reader skips empty rows, so the number is the row's own.
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
      yield { line: row.number, cells };
    }
    return; // the first sheet only
  }
}

/** `;` or `,`, whichever the header line uses more (a header has no decimal commas). */
async function csvDelimiter(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const line = head.subarray(0, bytesRead).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
    return (line.match(/;/g)?.length ?? 0) > (line.match(/,/g)?.length ?? 0) ? ';' : ',';
  } finally {
    await handle.close();
  }
}

async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  const parser = createReadStream(path).pipe(
    parse({
      bom: true,
      delimiter: await csvDelimiter(path),
      relax_column_count: true,
      skip_empty_lines: false,
    }),
  );
  try {
    let line = 0;
    for await (const record of parser) yield { line: ++line, cells: record as string[] };
  } catch {
    throw refuse(msg('errors.import.unreadable_file'));
  }
}

/**
 * The file's rows as cell texts, the header first; more than IMPORT_MAX_ROWS data rows is a 400
 * before the rest is read.
 */
export async function* readSheet(path: string, format: SheetFormat): AsyncGenerator<SheetRow> {
  let count = 0;
  const rows = format === 'xlsx' ? xlsxRows(path) : csvRows(path);
  try {
    for await (const row of rows) {
      if (count++ > IMPORT_MAX_ROWS)
        throw refuse(msg('errors.import.too_many_rows', { max: IMPORT_MAX_ROWS }));
      yield row;
    }
  } catch (err) {
    throw err instanceof AppError ? err : refuse(msg('errors.import.unreadable_file'));
  }
}
