import {
  BUSINESS_TIME_ZONE,
  businessDay,
  D,
  type Document,
  type DocumentStatus,
  formatMoneyFixedIn,
  formatMoneyIn,
  formatQuantityIn,
  type Language,
  type Message,
  msg,
  type UnitMeasure,
} from '@app/shared';
import { tr } from '../../lib/texts.ts';

// The words and figures of a document's files, the print form and the receipt (DESIGN.md
// sections 16 and 19), in their reader's language: money with exactly 2 decimals grouped as the
// language groups, a quantity with its unit, a date as "27.11.2026" (digits read the same in the
// four languages; no month names to translate), a time in Tashkent's.

export const WORDS = {
  SALE: msg('export.documents.kind.sale'),
  PURCHASE: msg('export.documents.kind.purchase'),
  RETURN: msg('export.documents.kind.return'),
  PRODUCTION: msg('export.documents.kind.production'),
  STOCK_COUNT: msg('export.documents.kind.stock_count'),
  date: msg('export.documents.date'),
  department: msg('export.documents.department'),
  counterparty: msg('export.documents.counterparty'),
  customer: msg('export.documents.customer'),
  status: msg('export.documents.status'),
  no: msg('export.documents.column.no'),
  item: msg('export.documents.column.item'),
  qty: msg('export.documents.column.qty'),
  price: msg('export.documents.column.price'),
  discount: msg('export.documents.column.discount'),
  amount: msg('export.documents.column.amount'),
  total: msg('export.documents.total'),
  payment: msg('export.documents.payment'),
  cash: msg('export.documents.cash'),
  paid: msg('export.documents.paid'),
  onCredit: msg('export.documents.on_credit'),
  change: msg('export.documents.change'),
  seller: msg('export.documents.seller'),
  note: msg('export.documents.note'),
  notPaid: msg('export.documents.not_paid'),
  receipt: msg('export.documents.receipt'),
  thanks: msg('export.documents.thanks'),
} as const;

const STATUSES: Record<DocumentStatus, Message> = {
  DRAFT: msg('export.documents.status.draft'),
  POSTED: msg('export.documents.status.posted'),
  REVERSED: msg('export.documents.status.reversed'),
};

const UNITS: Record<UnitMeasure, Message> = {
  KG: msg('export.documents.unit.kg'),
  M: msg('export.documents.unit.m'),
  D: msg('export.documents.unit.piece'),
};

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "2026-11-27" as "27.11.2026". */
export function dateText(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}

/** An instant as "27.11.2026 14:05" in Tashkent. */
export function dateTimeText(at: Date): string {
  return `${dateText(businessDay(at))} ${TIME.format(at)}`;
}

/** One reader's words and figures. */
export function wordsFor(language: Language) {
  const t = (message: Message) => tr(language, message);
  return {
    t,
    /** "25 520.75", a table's cell (its currency in the column's header). */
    money: (value: string) => formatMoneyFixedIn(language, value),
    /** "25 520.75 USD". */
    moneyIn: (value: string, currency: string) => formatMoneyIn(language, value, currency),
    /** "12.5 m", "40 dona". */
    qty: (value: string, unit: UnitMeasure) => `${formatQuantityIn(language, value)} ${t(UNITS[unit])}`,
    status: (status: DocumentStatus) => t(STATUSES[status]),
    /** Due on a date: "to'lov muddati 01.12.2026". */
    due: (date: string) => tr(language, msg('export.documents.due_date', { date: dateText(date) })),
    reversedOn: (at: string) =>
      tr(language, msg('export.documents.reversed_on', { date: dateTimeText(new Date(at)) })),
  };
}

export type Words = ReturnType<typeof wordsFor>;

/** "SKU · label", or the SKU alone when the label is it. */
export function itemText(line: Document['lines'][number]): string {
  const { sku, label } = line.variant;
  return label && label !== sku ? `${sku} · ${label}` : sku;
}

/** The payment in lines of a file: cash per currency, on credit with its due date, change in UZS. */
export function paymentLines(document: Document, w: Words): Array<[string, string]> {
  const { cash, on_credit, due_date, change_uzs } = document.payment;
  const rows: Array<[string, string]> = cash.map((c) => [
    `${w.t(WORDS.cash)}, ${c.currency_code}`,
    w.moneyIn(c.amount, c.currency_code),
  ]);
  if (new D(on_credit).gt(0))
    rows.push([
      due_date ? `${w.t(WORDS.onCredit)}, ${w.due(due_date)}` : w.t(WORDS.onCredit),
      w.moneyIn(on_credit, document.currency_code),
    ]);
  if (new D(change_uzs).gt(0)) rows.push([`${w.t(WORDS.change)}, UZS`, w.moneyIn(change_uzs, 'UZS')]);
  return rows;
}
