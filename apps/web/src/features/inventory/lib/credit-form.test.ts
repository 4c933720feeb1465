import {
  CREDIT_COUNTERPARTY_MESSAGE,
  CREDIT_PRICE_MESSAGE,
  createRenderer,
  decodeMessage,
  FILL_REQUIRED_FIELDS,
  msg,
} from '@app/shared';
import uz from '@app/shared/texts/uz.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import {
  creditBody,
  creditPreview,
  StockEntryCreditFormSchema,
  StockExitCreditFormSchema,
} from './credit-form.ts';

const exit = {
  variant: { id: 3 },
  qty_issued: '2',
  unit_price: '7.50',
  currency: '1',
  type: 'SALE',
  location: '',
  note: '',
  on_credit: true,
  counterparty: { id: 9 },
  due_date: '2030-01-31',
};

const render = createRenderer({ uz });
/** A shared message in Uzbek, as the form shows it (DESIGN.md section 15: keys rendered at the edge). */
const say = (key: string) => render(msg(key), 'uz');
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => {
    const message = decodeMessage(i.message);
    return 'key' in message ? render(message, 'uz') : message.text;
  }) ?? [];

describe('a sale on credit (DESIGN.md section 12)', () => {
  it('sends the counterparty id and the due date', () => {
    const body = StockExitCreditFormSchema.parse(exit);
    expect(body).toMatchObject({ variant: 3, counterparty: 9, on_credit: true, due_date: '2030-01-31' });
  });

  it('needs a counterparty and a price: the shared messages', () => {
    const result = StockExitCreditFormSchema.safeParse({ ...exit, counterparty: null, unit_price: '' });
    expect(messages(result)).toEqual([say(CREDIT_COUNTERPARTY_MESSAGE), say(CREDIT_PRICE_MESSAGE)]);
  });

  it('is only a SALE', () => {
    const result = StockExitCreditFormSchema.safeParse({ ...exit, type: 'WRITE_OFF' });
    expect(messages(result)).toEqual(['Nasiyaga faqat SALE yoziladi.']);
  });

  it("leaves spec.md's rules as they are: the required fields first, no due date is none", () => {
    const missing = StockExitCreditFormSchema.safeParse({ ...exit, variant: null, on_credit: false });
    expect(messages(missing)).toEqual([say(FILL_REQUIRED_FIELDS)]);
    const cash = StockExitCreditFormSchema.parse({
      ...exit,
      on_credit: false,
      counterparty: null,
      due_date: '',
    });
    expect(cash).toMatchObject({ on_credit: false, counterparty: null, due_date: null, unit_price: '7.50' });
  });
});

describe('a purchase on credit', () => {
  it('needs a counterparty and is only a PURCHASE', () => {
    const entry = {
      variant: { id: 3 },
      qty_received: '4',
      unit_cost: '2.25',
      currency: '2',
      type: 'PRODUCTION',
      location: '',
      reason_text: '',
      on_credit: true,
      counterparty: null,
      due_date: '',
    };
    expect(messages(StockEntryCreditFormSchema.safeParse(entry))).toEqual([
      say(CREDIT_COUNTERPARTY_MESSAGE),
      'Nasiyaga faqat PURCHASE yoziladi.',
    ]);
  });
});

describe('Nasiya summasi', () => {
  it('is quantity × price, rounded half-up to the tiyin, once both are numbers', () => {
    expect(creditPreview('2', '7.50')).toBe('15.00');
    expect(creditPreview('0.333', '10.005')).toBe('3.33');
    expect(creditPreview('1.5', '0.01')).toBe('0.02');
    expect(creditPreview('2', '')).toBeNull();
    expect(creditPreview('2.', '5')).toBeNull();
  });

  it('a sale not on credit sends no counterparty and no due date', () => {
    const body = { on_credit: false, counterparty: 4, due_date: '2030-01-01', qty: '1' };
    expect(creditBody(body)).toEqual({ on_credit: false, counterparty: null, due_date: null, qty: '1' });
    expect(creditBody({ ...body, on_credit: true })).toEqual({ ...body, on_credit: true });
  });
});
