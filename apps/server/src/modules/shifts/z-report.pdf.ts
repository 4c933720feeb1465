import {
  BUSINESS_TIME_ZONE,
  businessDay,
  D,
  formatMoneyFixedIn,
  formatMoneyIn,
  type Language,
  type Message,
  msg,
} from '@app/shared';
import PDFDocument from 'pdfkit';
import { BOLD_FONT, FONT } from '../../lib/report-files.ts';
import { tr } from '../../lib/texts.ts';

// The Z-report's page (DESIGN.md section 22): an A4 page (more when the currencies need them) with
// the business, the shift's number, department, opening and closing, then per currency the
// opening count, the sales by payment kind, the other cash in and out, the expected amount, the
// closing count (note by note when counted so) and the difference; the credit the shift's sales
// gave, and the net difference in UZS. DejaVu Sans, for Cyrillic and oʻ.

export interface ZLine {
  label: Message;
  /** The type word before "in"/"out", for the other lines. */
  type?: Message;
  direction?: 'in' | 'out';
  amount: string;
}

export interface ZCurrency {
  code: string;
  opening: string;
  opening_difference: string;
  sales: ZLine[];
  other: ZLine[];
  expected: string | null;
  counted: string | null;
  difference: string | null;
  denominations: { value: string; count: number }[] | null;
}

export interface ZReport {
  business: string;
  number: number;
  department: string;
  opened_at: Date;
  opened_by: string;
  closed_at: Date | null;
  closed_by: string | null;
  currencies: ZCurrency[];
  credit: { currency_code: string; amount: string; sales: number }[];
  difference_uzs: string | null;
}

const MARGIN = 40;
const PAGE_BOTTOM = 841.89 - MARGIN;
const WIDTH = 595.28 - 2 * MARGIN;
const GREY = '#475569';
const RED = '#b91c1c';

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as "27.11.2026 14:05" in Tashkent (digits read the same in the four languages). */
function dateTimeText(at: Date): string {
  const [year, month, day] = businessDay(at).split('-');
  return `${day}.${month}.${year} ${TIME.format(at)}`;
}

/** A signed amount as a line shows it: "+25 000.00", "-10 000.00", "0.00". */
function signed(language: Language, value: string): string {
  const text = formatMoneyFixedIn(language, value);
  return new D(value).gt(0) ? `+${text}` : text;
}

class Page {
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly language: Language,
  ) {}

  t = (message: Message) => tr(this.language, message);

  room(height: number): void {
    if (this.doc.y + height > PAGE_BOTTOM) {
      this.doc.addPage();
      this.doc.y = MARGIN;
    }
  }

  /** A label on the left and its figure on the right, indented by `indent`. */
  line(
    label: string,
    value: string,
    options: { bold?: boolean; indent?: number; color?: string } = {},
  ): void {
    const { doc } = this;
    const indent = options.indent ?? 0;
    doc.font(options.bold ? 'bold' : 'body').fontSize(10);
    this.room(16);
    const y = doc.y;
    const valueWidth = doc.widthOfString(value) + 12;
    doc
      .fillColor(options.color ?? '#000000')
      .text(label, MARGIN + indent, y, { width: WIDTH - indent - valueWidth });
    const below = doc.y;
    doc.text(value, MARGIN, y, { width: WIDTH, align: 'right' });
    doc.y = Math.max(below, doc.y) + 2;
    doc.fillColor('#000000');
  }

  heading(text: string, size = 11): void {
    const { doc } = this;
    this.room(size * 3);
    doc.moveDown(0.5);
    doc.font('bold').fontSize(size).fillColor('#000000').text(text, MARGIN, doc.y, { width: WIDTH });
    doc.moveDown(0.2);
  }

  rule(): void {
    const { doc } = this;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + WIDTH, doc.y)
      .lineWidth(0.6)
      .stroke('#94a3b8');
    doc.y += 4;
  }
}

function drawHead(page: Page, report: ZReport): void {
  const { doc, t } = page;
  doc.font('bold').fontSize(12).text(report.business, MARGIN, MARGIN, { width: WIDTH });
  doc.moveDown(0.5);
  doc
    .font('bold')
    .fontSize(18)
    .text(
      `${t(msg('export.shifts.z_report'))} · ${t(msg('export.shifts.shift', { number: report.number }))}`,
    );
  doc.moveDown(0.4);
  const facts: Array<[string, string]> = [
    [t(msg('export.documents.department')), report.department],
    [t(msg('export.shifts.opened')), `${dateTimeText(report.opened_at)} · ${report.opened_by}`],
  ];
  if (report.closed_at)
    facts.push([
      t(msg('export.shifts.closed')),
      `${dateTimeText(report.closed_at)} · ${report.closed_by ?? ''}`,
    ]);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('body').fontSize(10).fillColor(GREY).text(`${label}:`, MARGIN, y, { width: 110 });
    doc
      .font('bold')
      .fillColor('#000000')
      .text(value, MARGIN + 115, y, { width: WIDTH - 115 });
  }
}

const DIRECTION_WORDS = { in: msg('export.shifts.in'), out: msg('export.shifts.out') } as const;

const lineLabel = (page: Page, l: ZLine) =>
  l.type && l.direction ? `${page.t(l.type)}, ${page.t(DIRECTION_WORDS[l.direction])}` : page.t(l.label);

function drawCurrency(page: Page, c: ZCurrency): void {
  const { t, language } = page;
  page.heading(t(msg('export.shifts.currency', { code: c.code })), 12);
  page.rule();
  page.line(t(msg('export.shifts.opening')), formatMoneyFixedIn(language, c.opening), { bold: true });
  if (!new D(c.opening_difference).isZero())
    page.line(t(msg('export.shifts.opening_difference')), signed(language, c.opening_difference), {
      indent: 14,
      color: GREY,
    });
  for (const [title, lines] of [
    [msg('export.shifts.sales'), c.sales],
    [msg('export.shifts.other'), c.other],
  ] as const) {
    if (lines.length === 0) continue;
    page.line(t(title), '', { bold: true });
    for (const l of lines) page.line(lineLabel(page, l), signed(language, l.amount), { indent: 14 });
  }
  page.rule();
  if (c.expected !== null)
    page.line(t(msg('export.shifts.expected')), formatMoneyFixedIn(language, c.expected), { bold: true });
  if (c.counted !== null)
    page.line(t(msg('export.shifts.counted')), formatMoneyFixedIn(language, c.counted), { bold: true });
  for (const d of c.denominations ?? [])
    page.line(
      `${formatMoneyFixedIn(language, d.value)} × ${d.count}`,
      formatMoneyFixedIn(language, new D(d.value).times(d.count).toString()),
      { indent: 14, color: GREY },
    );
  if (c.difference !== null) {
    const short = new D(c.difference).lt(0);
    page.line(t(msg('export.shifts.difference')), signed(language, c.difference), {
      bold: true,
      ...(short ? { color: RED } : {}),
    });
  }
}

/** The Z-report of a closed shift for a reader of `language`. */
export function zReportPdf(report: ZReport, language: Language): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD_FONT);
  const page = new Page(doc, language);
  drawHead(page, report);
  if (report.currencies.length === 0) {
    doc.moveDown(1);
    doc
      .font('body')
      .fontSize(10)
      .text(page.t(msg('export.shifts.no_money')), MARGIN, doc.y);
  }
  for (const c of report.currencies) drawCurrency(page, c);
  if (report.credit.length > 0) {
    page.heading(page.t(msg('export.shifts.on_credit')), 12);
    page.rule();
    for (const c of report.credit)
      page.line(
        page.t(msg('export.shifts.sales_count', { count: c.sales })),
        formatMoneyIn(language, c.amount, c.currency_code),
      );
  }
  if (report.difference_uzs !== null) {
    doc.moveDown(0.8);
    page.rule();
    const short = new D(report.difference_uzs).lt(0);
    page.line(page.t(msg('export.shifts.net_difference')), signed(language, report.difference_uzs), {
      bold: true,
      ...(short ? { color: RED } : {}),
    });
  }
  doc.end();
  return doc;
}
