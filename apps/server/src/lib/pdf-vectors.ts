// An SVG of bwip-js (a barcode, a QR code) drawn into a PDF as vectors, path by path, so that a
// printer of any resolution prints it sharp (DESIGN.md sections 18 and 19): the labels' barcodes,
// the receipts' QR codes.

/**
 * Draws `svg` into the box (x, y, width, height): as large as it fits, centred across, at the
 * box's top. Returns the height drawn (0 for an SVG without a viewBox).
 */
export function drawSvg(
  doc: PDFKit.PDFDocument,
  svg: string,
  x: number,
  y: number,
  width: number,
  height: number,
): number {
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box) return 0;
  const [w, h] = [Number(box[1]), Number(box[2])];
  const scale = Math.min(width / w, height / h);
  doc.save();
  doc.translate(x + (width - w * scale) / 2, y);
  doc.scale(scale);
  for (const [, attributes = ''] of svg.matchAll(/<path ([^>]*?)\/>/g)) {
    const d = /\bd="([^"]+)"/.exec(attributes)?.[1];
    if (!d) continue;
    const stroke = /stroke-width="([\d.]+)"/.exec(attributes)?.[1];
    if (stroke) doc.path(d).lineWidth(Number(stroke)).stroke('#000000');
    else doc.path(d).fill('#000000');
  }
  doc.restore();
  return h * scale;
}
