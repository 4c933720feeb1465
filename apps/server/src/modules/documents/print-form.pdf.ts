import { D, type Document } from '@app/shared';
import PDFDocument from 'pdfkit';
import { BOLD_FONT, FONT } from '../../lib/report-files.ts';
import { dateText, itemText, paymentLines, WORDS, type Words } from './document-words.ts';

// A document's print form (DESIGN.md section 19, `GET api/{kind}/{id}/print/`): an A4 page (more
// when the lines need them) with the business, the kind and number, the date, the department,
// the counterparty and the status (a reversed document stamped across the page), the lines'
// table, the total and the payment. The text is DejaVu Sans (Cyrillic and oʻ).

export interface FormHeader {
  business: string;
  /** The department's person, as the files name it. */
  department: string;
}

const MARGIN = 40;
const PAGE_BOTTOM = 841.89 - MARGIN;
const RED = '#b91c1c';

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  value: (line: Document['lines'][number], i: number) => string;
}

function columnsOf(document: Document, w: Words): Column[] {
  // A purchase's lines, and a sale's without discounts, need no discount column.
  const discounted = document.lines.some((l) => new D(l.discount).gt(0));
  const columns: Column[] = [
    { header: w.t(WORDS.no), width: 26, align: 'right', value: (_, i) => String(i + 1) },
    { header: w.t(WORDS.item), width: 0, align: 'left', value: itemText },
    { header: w.t(WORDS.qty), width: 70, align: 'right', value: (l) => w.qty(l.qty, l.variant.unit) },
    { header: w.t(WORDS.price), width: 78, align: 'right', value: (l) => w.money(l.price) },
  ];
  if (discounted)
    columns.push({
      header: w.t(WORDS.discount),
      width: 66,
      align: 'right',
      value: (l) => w.money(l.discount),
    });
  columns.push({
    header: `${w.t(WORDS.amount)}, ${document.currency_code}`,
    width: 88,
    align: 'right',
    value: (l) => w.money(l.amount),
  });
  const fixed = columns.reduce((sum, c) => sum + c.width, 0);
  const item = columns[1] as Column;
  item.width = 595.28 - 2 * MARGIN - fixed;
  return columns;
}

function drawHeading(doc: PDFKit.PDFDocument, document: Document, header: FormHeader, w: Words): void {
  const width = doc.page.width - 2 * MARGIN;
  // The right third is the reversed stamp's.
  const left = width - 200;
  doc.font('bold').fontSize(12).fillColor('#000000').text(header.business, MARGIN, MARGIN, { width: left });
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(18)
    .text(`${w.t(WORDS[document.kind])} ${document.number}`, { width: left });
  doc.moveDown(0.4);
  const facts: Array<[string, string]> = [
    [w.t(WORDS.date), dateText(document.date)],
    [w.t(WORDS.department), header.department],
    [w.t(WORDS.counterparty), document.counterparty?.name ?? '—'],
    [w.t(WORDS.status), w.status(document.status)],
  ];
  if (document.note) facts.push([w.t(WORDS.note), document.note]);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('body').fontSize(10).fillColor('#475569').text(`${label}:`, MARGIN, y, { width: 110 });
    const color = label === w.t(WORDS.status) && document.status === 'REVERSED' ? RED : '#000000';
    const below = doc.y;
    doc.font('bold').fillColor(color);
    doc.text(value, MARGIN + 115, y, { width: left - 115 });
    doc.y = Math.max(below, doc.y);
  }
  doc.fillColor('#000000');
  if (document.status === 'REVERSED' && document.reversed_at) {
    // The stamp writes where the page is: the table goes on under the facts.
    const y = doc.y;
    stampReversed(doc, w.reversedOn(document.reversed_at));
    doc.y = y;
  }
}

/** A reversed document is marked so that no one takes it for a live one: a red stamp, top right. */
function stampReversed(doc: PDFKit.PDFDocument, text: string): void {
  const [width, height] = [190, 44];
  const x = doc.page.width - MARGIN - width;
  doc.save();
  doc.rotate(-8, { origin: [x + width / 2, MARGIN + 40] });
  doc
    .rect(x, MARGIN + 18, width, height)
    .lineWidth(2)
    .stroke(RED);
  const words = text.toUpperCase();
  doc.font('bold').fontSize(10).fillColor(RED);
  const top = MARGIN + 18 + (height - doc.heightOfString(words, { width: width - 12 })) / 2;
  doc.text(words, x + 6, top, { width: width - 12, align: 'center' });
  doc.restore();
  doc.fillColor('#000000');
}

/** A row of the lines' table; on a new page the header row comes first again. */
function drawRow(doc: PDFKit.PDFDocument, cells: string[], columns: Column[], font: 'body' | 'bold'): void {
  doc.font(font).fontSize(9);
  const height =
    Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: (columns[i]?.width ?? 0) - 6 }))) + 6;
  if (doc.y + height > PAGE_BOTTOM) {
    doc.addPage();
    doc.y = MARGIN;
    if (font === 'body') {
      drawRow(
        doc,
        columns.map((c) => c.header),
        columns,
        'bold',
      );
      doc.font(font).fontSize(9);
    }
  }
  const y = doc.y;
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const column = columns[i] as Column;
    doc.text(cell, x + 3, y + 3, { width: column.width - 6, align: column.align });
    x += column.width;
  });
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(doc.page.width - MARGIN, y + height)
    .lineWidth(font === 'bold' ? 1 : 0.4)
    .stroke(font === 'bold' ? '#000000' : '#cbd5e1');
  doc.y = y + height;
}

function drawTotals(doc: PDFKit.PDFDocument, document: Document, w: Words): void {
  const width = doc.page.width - 2 * MARGIN;
  const rows: Array<[string, string, 'body' | 'bold', number]> = [
    [w.t(WORDS.total), w.moneyIn(document.total, document.currency_code), 'bold', 12],
  ];
  const payment = paymentLines(document, w);
  if (document.kind === 'SALE' || payment.length > 0) {
    rows.push([w.t(WORDS.payment), payment.length > 0 ? '' : w.t(WORDS.notPaid), 'bold', 10]);
    for (const [label, value] of payment) rows.push([label, value, 'body', 10]);
  }
  doc.moveDown(0.8);
  for (const [label, value, font, size] of rows) {
    if (doc.y + size * 2 > PAGE_BOTTOM) {
      doc.addPage();
      doc.y = MARGIN;
    }
    const y = doc.y;
    doc.font(font).fontSize(size);
    const valueWidth = value ? doc.widthOfString(value) + 12 : 0;
    doc.text(label, MARGIN + width / 3, y, { width: (2 * width) / 3 - valueWidth });
    const below = doc.y;
    if (value) doc.text(value, MARGIN + width / 3, y, { width: (2 * width) / 3, align: 'right' });
    doc.y = Math.max(below, doc.y);
    doc.moveDown(0.3);
  }
}

/** The print form of `document` for the reader of `w`. */
export function printFormPdf(document: Document, header: FormHeader, w: Words): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD_FONT);
  drawHeading(doc, document, header, w);
  doc.moveDown(1);
  const columns = columnsOf(document, w);
  drawRow(
    doc,
    columns.map((c) => c.header),
    columns,
    'bold',
  );
  document.lines.forEach((line, i) => {
    drawRow(
      doc,
      columns.map((c) => c.value(line, i)),
      columns,
      'body',
    );
  });
  drawTotals(doc, document, w);
  doc.end();
  return doc;
}
