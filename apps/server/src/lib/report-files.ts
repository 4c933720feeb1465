import { createRequire } from 'node:module';
import { PassThrough, Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { type Language, type Message, msg, type ReportFormat, type TxType } from '@app/shared';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { CSV_BOM, type CsvKind, csvLine } from './csv.ts';
import { tr } from './texts.ts';

// A report as a file (DESIGN.md section 11: format=csv|xlsx|pdf, the same rows, streamed). Rows
// arrive in batches from a cursor and leave as they come: CSV as text, Excel through exceljs's
// streaming writer, PDF through pdfkit, a page at a time. Neither library holds the rows.

/** How a column's values read: text, or a decimal string to show as a number. */
export type ColumnKind = 'text' | 'money' | 'quantity' | 'percent';

/**
 * A file's words (DESIGN.md section 16): a message, rendered in the reader's language when the
 * file is written, or a value as it is (a code, a number, a name).
 */
export type FileText = Message | string;

export interface FileColumn<R, T = FileText> {
  header: T;
  kind: ColumnKind;
  value: (row: R) => T | null;
  /** The PDF column's share of the page's width. */
  width?: number;
}

export interface ReportFile<R, T = FileText> {
  /** The file name without its extension: "savdo-2026-11-01_2026-11-24". */
  name: string;
  title: T;
  /** The filters, in words: the period, the department, the grouping (joined by " · "). */
  subtitle: T | readonly T[];
  columns: ReadonlyArray<FileColumn<R, T>>;
  batches: AsyncIterable<R[]>;
  /** The totals row, asked for after the last batch (one value per column, null for none). */
  totals?: () => Promise<Array<string | null>>;
}

const CONTENT_TYPES: Record<Exclude<ReportFormat, 'json'>, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

export interface FileAnswer {
  contentType: string;
  filename: string;
  body: Readable;
}

/** A file written in `language`: its title, filters, headers and words rendered as it is written. */
export function reportFile<R>(
  format: Exclude<ReportFormat, 'json'>,
  source: ReportFile<R>,
  language: Language,
): FileAnswer {
  const file = rendered(source, language);
  const body =
    format === 'csv' ? Readable.from(csvText(file)) : format === 'xlsx' ? xlsxStream(file) : pdfStream(file);
  return { contentType: CONTENT_TYPES[format], filename: `${file.name}.${format}`, body };
}

/** The file with every message in `language`: the writers below read strings only. */
function rendered<R>(file: ReportFile<R>, language: Language): Written<R> {
  const text = (t: FileText) => (typeof t === 'string' ? t : tr(language, t));
  const subtitle = Array.isArray(file.subtitle) ? file.subtitle : [file.subtitle as FileText];
  const totalLabel = text(TOTAL_LABEL);
  return {
    ...file,
    title: text(file.title),
    subtitle: subtitle.map(text).join(' · '),
    columns: file.columns.map((c) => ({
      ...c,
      header: text(c.header),
      value: (row: R) => {
        const v = c.value(row);
        return v === null ? null : text(v);
      },
    })),
    ...(file.totals ? { totals: withTotalLabel(file.totals, totalLabel) } : {}),
  };
}

type Written<R> = ReportFile<R, string> & { subtitle: string };

const TOTAL_LABEL = msg('export.reports.total');

/** A ledger row's type in the files' words (the cash flow by type, the Z-report's lines). */
export const TX_TYPE_WORDS: Record<TxType, Message> = {
  EXCHANGE: msg('export.reports.tx.EXCHANGE'),
  OFFER: msg('export.reports.tx.OFFER'),
  EXTERNAL: msg('export.reports.tx.EXTERNAL'),
  ADJUSTMENT: msg('export.reports.tx.ADJUSTMENT'),
  DEBT: msg('export.reports.tx.DEBT'),
  SALE: msg('export.reports.tx.SALE'),
  PURCHASE: msg('export.reports.tx.PURCHASE'),
  SHIFT_DIFF: msg('export.reports.tx.SHIFT_DIFF'),
};

/** How much of a file may wait for a slow client before the next rows are read. */
const BUFFERED = 1 << 20;

/**
 * Waits while the client has not taken what is written (exceljs and pdfkit write without
 * backpressure); false when the client went away, so the rows stop being read.
 */
async function taken(stream: Readable): Promise<boolean> {
  while (!stream.destroyed && stream.readableLength > BUFFERED) await setTimeout(10);
  return !stream.destroyed;
}

async function* csvText<R>(file: Written<R>): AsyncGenerator<string> {
  // A decimal column's cells are numbers: a negative amount is not a formula to defuse.
  const kinds = file.columns.map((c): CsvKind => (c.kind === 'text' ? 'text' : 'number'));
  const line = (values: Array<string | null>) => csvLine(values, kinds);
  yield `${CSV_BOM}${csvLine(file.columns.map((c) => c.header))}`;
  for await (const batch of file.batches) {
    if (batch.length) yield batch.map((row) => line(file.columns.map((c) => c.value(row)))).join('');
  }
  if (file.totals) yield line(await file.totals());
}

/** The totals row with its label in the first cell when that cell has no value. */
function withTotalLabel(totals: () => Promise<Array<string | null>>, label: string) {
  return async () => (await totals()).map((v, i) => (i === 0 && v === null ? label : v));
}

const NUMBER_FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  money: '#,##0.00',
  quantity: '#,##0.###',
  percent: '0.00',
};

/**
 * An Excel cell of a decimal column is a number, so a spreadsheet can sum it: Excel keeps every
 * number as a double, which holds an amount of up to 15 digits exactly at 2 decimals. The exact
 * decimal strings are in the CSV and the API.
 */
function cellOf(kind: ColumnKind, value: string | null): string | number | null {
  if (value === null || kind === 'text') return value;
  return Number(value);
}

function xlsxStream<R>(file: Written<R>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(file.title.slice(0, 31));
  sheet.columns = file.columns.map((c) => ({
    header: c.header,
    width: Math.max(12, c.header.length + 2),
    ...(NUMBER_FORMATS[c.kind] ? { style: { numFmt: NUMBER_FORMATS[c.kind] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  (async () => {
    for await (const batch of file.batches) {
      for (const row of batch) sheet.addRow(file.columns.map((c) => cellOf(c.kind, c.value(row)))).commit();
      // A slow client: wait. The client went away: stop reading (the cursor's transaction ends).
      if (!(await taken(out))) return;
    }
    if (file.totals) {
      const totals = await file.totals();
      const row = sheet.addRow(file.columns.map((c, i) => cellOf(c.kind, totals[i] ?? null)));
      row.font = { bold: true };
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

const require = createRequire(import.meta.url);
/** A font with Latin, Uzbek's oʻ and gʻ, and Cyrillic (PDF's own Helvetica has no Cyrillic). */
export const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const BOLD_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const MARGIN = 36;
const ROW_HEIGHT = 14;

type FontWithLayouts = { layoutCache?: Record<string, unknown> };

/**
 * Empties the layouts pdfkit's fonts keep of every distinct word they have drawn. An embedded
 * font's `layoutCache` (pdfkit 0.20, lib/font/embedded.js) lives as long as the document, and
 * nearly every cell of a report is a new word, so a 100,000-row PDF grew by ~770 MiB; emptied at
 * each page, it holds one page's words and still serves the words a page repeats. pdfkit's only
 * switch for it, `fontLayoutCache: false`, is flat too but 2-3 times slower. pdfkit offers no
 * public way to its fonts: should a later version rename `_fontFamilies` or `layoutCache`, this
 * does nothing, the PDF stays right, and report-files.test.ts fails on the cache it finds full.
 */
function forgetWordLayouts(doc: PDFKit.PDFDocument): void {
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, FontWithLayouts> })._fontFamilies;
  for (const font of Object.values(fonts ?? {})) {
    if (font.layoutCache) font.layoutCache = Object.create(null);
  }
}

function pdfStream<R>(file: Written<R>): Readable {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, bufferPages: false });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD_FONT);
  const pageWidth = doc.page.width - 2 * MARGIN;
  const shares = file.columns.map((c) => c.width ?? (c.kind === 'text' ? 2 : 1));
  const unit = pageWidth / shares.reduce((a, b) => a + b, 0);
  const widths = shares.map((s) => s * unit);
  let y = MARGIN;

  const line = (values: Array<string | null>, font: 'body' | 'bold') => {
    if (y + ROW_HEIGHT > doc.page.height - MARGIN) {
      doc.addPage();
      forgetWordLayouts(doc);
      y = MARGIN;
      header();
    }
    let x = MARGIN;
    doc.font(font).fontSize(8);
    file.columns.forEach((c, i) => {
      const width = widths[i] ?? 0;
      doc.text(values[i] ?? '', x + 2, y + 3, {
        width: width - 4,
        height: ROW_HEIGHT,
        lineBreak: false,
        ellipsis: true,
        align: c.kind === 'text' ? 'left' : 'right',
      });
      x += width;
    });
    y += ROW_HEIGHT;
  };
  const header = () => {
    line(
      file.columns.map((c) => c.header),
      'bold',
    );
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + pageWidth, y)
      .stroke();
  };

  doc.font('bold').fontSize(14).text(file.title, MARGIN, y);
  doc.font('body').fontSize(9).text(file.subtitle);
  y = doc.y + 8;
  header();
  (async () => {
    for await (const batch of file.batches) {
      for (const row of batch) {
        line(
          file.columns.map((c) => c.value(row)),
          'body',
        );
      }
      if (!(await taken(doc as unknown as Readable))) return;
    }
    if (file.totals) line(await file.totals(), 'bold');
    doc.end();
  })().catch((err: unknown) => doc.destroy(err as Error));
  return doc as unknown as Readable;
}
