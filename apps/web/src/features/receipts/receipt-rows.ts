import { D, type Document, fixedMoney } from '@app/shared';
import type { MessageKey } from '../../i18n/catalogue.ts';

// What the receipt page computes from a sale (DESIGN.md section 19), as the PDF receipt does: a
// line's qty x price before its discount, and the payment's rows (cash per currency, on credit
// with its due date, change in UZS), each a text key with its values and an amount.

/** A line's quantity times its price, before the discount: "2 x 125 000.00 = 250 000.00". */
export function lineGross(line: Pick<Document['lines'][number], 'qty' | 'price'>): string {
  return fixedMoney(new D(line.qty).times(line.price));
}

export interface PaymentRow {
  key: MessageKey;
  values?: Record<string, string>;
  amount: string;
  currency: string;
}

export function paymentRows(document: Pick<Document, 'payment' | 'currency_code'>): PaymentRow[] {
  const { cash, on_credit, due_date, change_uzs } = document.payment;
  const rows: PaymentRow[] = cash.map((c) => ({
    key: 'receipts.payment.cash',
    values: { currency: c.currency_code },
    amount: c.amount,
    currency: c.currency_code,
  }));
  if (new D(on_credit).gt(0))
    rows.push({
      key: due_date ? 'receipts.payment.onCreditDue' : 'receipts.payment.onCredit',
      values: due_date ? { date: due_date } : undefined,
      amount: on_credit,
      currency: document.currency_code,
    });
  if (new D(change_uzs).gt(0))
    rows.push({ key: 'receipts.payment.change', amount: change_uzs, currency: 'UZS' });
  return rows;
}
