import { IMPORT_COLUMNS, type ImportKind, type Language } from '@app/shared';
import ExcelJS from 'exceljs';
import { headerText, importSamples } from './imports.service.ts';

// A kind's template (DESIGN.md section 17): its headers in the reader's language (a required
// column marked with *, which the import reads past) and two sample rows.

export async function templateFile(kind: ImportKind, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind);
  const columns = IMPORT_COLUMNS[kind];
  sheet.columns = columns.map((c) => ({
    header: `${headerText(c, language)}${c.required ? ' *' : ''}`,
    key: c.key,
    width: Math.max(14, headerText(c, language).length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  // Every cell is text, so a code "0012" or a SKU stays as typed.
  for (const sample of importSamples(kind))
    sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, sample[c.key] ?? ''])));
  for (let i = 1; i <= columns.length; i++) sheet.getColumn(i).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
