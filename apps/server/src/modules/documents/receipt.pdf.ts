import { createRequire } from 'node:module';
import { D, type Document, type ReceiptWidth } from '@app/shared';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { drawSvg } from '../../lib/pdf-vectors.ts';
import { dateTimeText, itemText, paymentLines, WORDS, type Words } from './document-words.ts';

// A sale's till receipt (DESIGN.md section 19, `GET api/sales/{id}/receipt/?width=58|80`): a
// page as wide as a thermal printer's paper and as long as its content, in DejaVu Sans Mono (a
// till's look; Cyrillic and oʻ): the business, the number, the date and time, the seller, the
// lines (label, qty x price = amount, discount), the total in large type, the cash per currency,
// the change in UZS, what is on credit, and a QR code of the receipt page's address.

const require = createRequire(import.meta.url);
const MONO = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf');
const MONO_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf');

const MM = 72 / 25.4;

/** The paper, its unprinted edges and the type, per width: a 58 mm roll prints about 48 mm. */
const LAYOUTS: Record<ReceiptWidth, { paper: number; margin: number; size: number; qr: number }> = {
  '58': { paper: 58 * MM, margin: 4 * MM, size: 7, qr: 30 * MM },
  '80': { paper: 80 * MM, margin: 4 * MM, size: 8.5, qr: 36 * MM },
};

export interface ReceiptHeader {
  business: string;
  seller: string;
  /** The receipt page's address, for the QR code. */
  url: string;
}

type Layout = (typeof LAYOUTS)[ReceiptWidth];

/** Draws the receipt from the page's top; returns where it ends. */
function drawReceipt(
  doc: PDFKit.PDFDocument,
  layout: Layout,
  sale: Document,
  header: ReceiptHeader,
  w: Words,
) {
  const x = layout.margin;
  const width = layout.paper - 2 * layout.margin;
  const size = layout.size;
  const centred = (text: string, font: 'mono' | 'bold', scale = 1) =>
    doc
      .font(font)
      .fontSize(size * scale)
      .text(text, x, doc.y, { width, align: 'center' });
  /** A left text and a right one on a line, the left one wrapping beside the right. */
  const pair = (left: string, right: string, font: 'mono' | 'bold' = 'mono', scale = 1) => {
    doc.font(font).fontSize(size * scale);
    const rightWidth = Math.min(doc.widthOfString(right), width);
    const top = doc.y;
    const leftWidth = width - rightWidth - size;
    if (leftWidth < width / 3) {
      // No room beside a long figure: the label above it.
      doc.text(left, x, top, { width });
      doc.text(right, x, doc.y, { width, align: 'right' });
      return;
    }
    doc.text(right, x, top, { width, align: 'right' });
    const below = doc.y;
    doc.text(left, x, top, { width: leftWidth });
    doc.y = Math.max(below, doc.y);
  };
  const rule = () => {
    doc.moveDown(0.3);
    doc
      .moveTo(x, doc.y)
      .lineTo(x + width, doc.y)
      .dash(2, { space: 2 })
      .lineWidth(0.5)
      .stroke('#000000')
      .undash();
    doc.moveDown(0.4);
  };

  doc.y = layout.margin;
  centred(header.business, 'bold', 1.3);
  doc.moveDown(0.2);
  centred(`${w.t(WORDS.receipt)} ${sale.number}`, 'bold', 1.1);
  if (sale.status !== 'POSTED') centred(w.status(sale.status).toUpperCase(), 'bold', 1.1);
  doc.moveDown(0.3);
  pair(w.t(WORDS.date), dateTimeText(new Date(sale.posted_at ?? sale.created_at)));
  pair(w.t(WORDS.seller), header.seller);
  if (sale.counterparty) pair(w.t(WORDS.customer), sale.counterparty.name);
  rule();
  for (const line of sale.lines) {
    doc.font('mono').fontSize(size).text(itemText(line), x, doc.y, { width });
    pair(
      `  ${w.qty(line.qty, line.variant.unit)} x ${w.money(line.price)}`,
      w.money(new D(line.qty).times(line.price).toString()),
    );
    if (new D(line.discount).gt(0)) pair(`  ${w.t(WORDS.discount)}`, `-${w.money(line.discount)}`);
    doc.moveDown(0.2);
  }
  rule();
  pair(w.t(WORDS.total), w.moneyIn(sale.total, sale.currency_code), 'bold', 1.6);
  const payment = paymentLines(sale, w);
  if (payment.length > 0) doc.moveDown(0.3);
  for (const [label, value] of payment) pair(label, value);
  rule();
  const url = header.url;
  const qr = bwipjs.toSVG({ bcid: 'qrcode', text: url });
  const top = doc.y + size / 2;
  const drawn = drawSvg(doc, qr, x, top, width, layout.qr);
  doc.y = top + drawn + size;
  centred(w.t(WORDS.thanks), 'mono');
  return doc.y + layout.margin;
}

/** The receipt of `sale` for a `width` mm roll, as long as it needs. */
export function receiptPdf(
  width: ReceiptWidth,
  sale: Document,
  header: ReceiptHeader,
  w: Words,
): PDFKit.PDFDocument {
  const layout = LAYOUTS[width];
  const open = (height: number) => {
    const doc = new PDFDocument({ size: [layout.paper, height], margin: 0, autoFirstPage: false });
    doc.registerFont('mono', MONO);
    doc.registerFont('bold', MONO_BOLD);
    doc.addPage({ size: [layout.paper, height], margin: 0 });
    return doc;
  };
  // Laid out once on a long strip to learn its length, then drawn on a page of that length.
  const measure = open(10_000);
  const height = drawReceipt(measure, layout, sale, header, w);
  measure.end();
  const doc = open(Math.ceil(height));
  drawReceipt(doc, layout, sale, header, w);
  doc.end();
  return doc;
}
