import { barcodeKind, formatMoneyIn, type LabelTemplate, type Variant } from '@app/shared';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { drawSvg } from '../../lib/pdf-vectors.ts';
import { BOLD_FONT, FONT } from '../../lib/report-files.ts';

// Labels and price tags (DESIGN.md section 18): one label per page of a label printer's roll
// (58x40 or 40x30 mm), or 3 x 8 on an A4 sheet. A label names the product and the variant, its
// SKU, its price in the chosen price type (section 19) when it has one, and its barcode drawn as
// vectors (lib/pdf-vectors.ts), so a printer of any resolution prints sharp bars; the text is
// DejaVu Sans, which has Cyrillic and oʻ.

const MM = 72 / 25.4;

interface Layout {
  page: [number, number];
  columns: number;
  rows: number;
  /** The label's size and the sheet's margins, in points. */
  label: [number, number];
  margin: [number, number];
}

const LAYOUTS: Record<LabelTemplate, Layout> = {
  '58x40': { page: [58 * MM, 40 * MM], columns: 1, rows: 1, label: [58 * MM, 40 * MM], margin: [0, 0] },
  '40x30': { page: [40 * MM, 30 * MM], columns: 1, rows: 1, label: [40 * MM, 30 * MM], margin: [0, 0] },
  // The common 70 x 37 mm sheet: 3 x 8 labels, 4.5 mm above and below.
  'A4-3x8': {
    page: [210 * MM, 297 * MM],
    columns: 3,
    rows: 8,
    label: [70 * MM, 37 * MM],
    margin: [0, 4.5 * MM],
  },
};

const BCID = { EAN13: 'ean13', EAN8: 'ean8', UPCA: 'upca', CODE128: 'code128' } as const;

/** Draws `code` as vectors into the box (x, y, width, height), centred, as large as it fits. */
function drawBarcode(
  doc: PDFKit.PDFDocument,
  code: string,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  const kind = barcodeKind(code);
  if (kind === 'invalid' || kind === 'bad_check_digit') return;
  // 12 mm of bars to about 31 mm of width for an EAN-13: the proportion of GS1's nominal symbol,
  // shorter, so that it fits beside the text; the digits under it as GS1 lays them out.
  drawSvg(
    doc,
    bwipjs.toSVG({ bcid: BCID[kind], text: code, includetext: true, height: 12 }),
    x,
    y,
    width,
    height,
  );
}

/** One label: the variant, and its price in the chosen price type when it has one. */
export interface Label {
  variant: Variant;
  price: { amount: string; currency: string } | null;
}

function drawLabel(
  doc: PDFKit.PDFDocument,
  { variant, price }: Label,
  x: number,
  y: number,
  [width, height]: [number, number],
) {
  const pad = Math.min(width, height) * 0.06;
  const inner = width - 2 * pad;
  const small = Math.max(5, height / 14);
  doc.font('bold').fontSize(small * 1.25);
  doc.text(variant.product_name, x + pad, y + pad, { width: inner, height: small * 2.8, ellipsis: true });
  // The SKU first, so that a long variant name is what the line cuts.
  const details = [variant.sku, variant.label !== variant.product_name ? variant.label : '']
    .filter(Boolean)
    .join(' · ');
  doc.font('body').fontSize(small);
  doc.text(details, x + pad, doc.y, { width: inner, height: small * 1.4, lineBreak: false, ellipsis: true });
  if (price) {
    // The price as the business reads it (Uzbek grouping: "125 000 UZS").
    doc.font('bold').fontSize(small * 1.6);
    doc.text(formatMoneyIn('uz', price.amount, price.currency), x + pad, doc.y, {
      width: inner,
      lineBreak: false,
    });
  }
  const top = doc.y + pad / 2;
  const room = y + height - pad - top;
  if (variant.barcode) drawBarcode(doc, variant.barcode, x + pad, top, inner, room);
  else
    doc
      .font('bold')
      .fontSize(small * 1.6)
      .text(variant.sku, x + pad, top + room / 3, { width: inner, align: 'center' });
}

/** The PDF of `labels` (one entry per copy, in order) on `template`. */
export function labelsPdf(template: LabelTemplate, labels: readonly Label[]): PDFKit.PDFDocument {
  const layout = LAYOUTS[template];
  const doc = new PDFDocument({ size: layout.page, margin: 0, autoFirstPage: false });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD_FONT);
  const perPage = layout.columns * layout.rows;
  labels.forEach((label, i) => {
    const slot = i % perPage;
    if (slot === 0) doc.addPage({ size: layout.page, margin: 0 });
    const x = layout.margin[0] + (slot % layout.columns) * layout.label[0];
    const y = layout.margin[1] + Math.floor(slot / layout.columns) * layout.label[1];
    drawLabel(doc, label, x, y, layout.label);
  });
  doc.end();
  return doc;
}
