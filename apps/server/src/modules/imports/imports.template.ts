import { IMPORT_COLUMNS, type ImportKind, type Language, type Message } from '@app/shared';
import ExcelJS from 'exceljs';
import { tr } from '../../lib/texts.ts';
import { headerText, importSamples } from './imports.service.ts';
import type { ExtraColumns } from './kind.ts';

// A kind's template (DESIGN.md section 17): its headers in the reader's language (a required
// column marked with *, which the import reads past) and two sample rows.

export async function templateFile(
  kind: ImportKind,
  language: Language,
  extra: ExtraColumns | null,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind);
  // The kind's columns, then the business's own (a catalogue's price per price type).
  const columns = [
    ...IMPORT_COLUMNS[kind].map((c) => ({
      key: c.key,
      words: headerText(c, language),
      required: c.required,
    })),
    ...(extra?.keys ?? []).map((key) => ({
      key,
      words: tr(language, extra?.name(key) as Message),
      required: false,
    })),
  ];
  sheet.columns = columns.map((c) => ({
    header: `${c.words}${c.required ? ' *' : ''}`,
    key: c.key,
    width: Math.max(14, c.words.length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  // Every cell is text, so a code "0012" or a SKU stays as typed.
  for (const sample of importSamples(kind))
    sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, sample[c.key] ?? ''])));
  for (let i = 1; i <= columns.length; i++) sheet.getColumn(i).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
