import type { Offer } from '@app/shared';
import { formatDateTime } from '../../../lib/format.ts';
import { offerAmount, personName, TYPE_LABELS } from '../offer-rules.ts';

// The download dialog really downloads the listed offers, where spec.md section 2 (Income and
// Outcome) only records the choice: a button that downloads nothing would be a dead end. CSV by
// hand, Excel through exceljs, PDF through jspdf + jspdf-autotable. The two libraries are imported
// on demand so the main bundle stays small.

export type ExportFormat = 'pdf' | 'excel' | 'csv';

export const EXPORT_HEADER = [
  '#',
  'Taklif qiluvchi',
  'Kimdan',
  'Kimga',
  'Summa',
  'Turi',
  'Holat',
  'Sabab',
  'Sana',
];

export function offerExportRows(offers: readonly Offer[]): string[][] {
  return offers.map((o) => [
    String(o.id),
    personName(o.created_by),
    personName(o.from_user),
    personName(o.to_user),
    offerAmount(o),
    TYPE_LABELS[o.type],
    o.status,
    o.reason,
    formatDateTime(o.created_at),
  ]);
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** RFC 4180 text with a BOM, so Excel reads the UTF-8 names right. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function excelBlob(title: string, rows: string[][]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.addRow(EXPORT_HEADER).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column, i) => {
    column.width = i === 7 ? 40 : i === 0 ? 8 : 20;
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

async function pdfBlob(title: string, rows: string[][]): Promise<Blob> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'landscape' });
  doc.setFontSize(14);
  doc.text(title, 14, 16);
  autoTable(doc, { head: [EXPORT_HEADER], body: rows, startY: 22, styles: { fontSize: 8 } });
  return doc.output('blob');
}

/** Builds the file of the listed offers in the chosen format and hands it to the browser. */
export async function downloadOffers(
  format: ExportFormat,
  offers: readonly Offer[],
  title: string,
): Promise<void> {
  const rows = offerExportRows(offers);
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'takliflar';
  if (format === 'csv') {
    saveBlob(new Blob([toCsv([EXPORT_HEADER, ...rows])], { type: 'text/csv;charset=utf-8' }), `${base}.csv`);
  } else if (format === 'excel') {
    saveBlob(await excelBlob(title, rows), `${base}.xlsx`);
  } else {
    saveBlob(await pdfBlob(title, rows), `${base}.pdf`);
  }
}
