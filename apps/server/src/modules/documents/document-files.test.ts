import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUsers } from '../../../test/factories.ts';
import { startWithUsers } from '../../../test/harness.ts';
import { USD, UZS } from '../finance/finance.fixtures.ts';
import { createVariants, giveStock, type TestVariant } from '../inventory/inventory.fixtures.ts';

// A document's files (DESIGN.md section 19) through the real API: the A4 print form of every kind
// and a sale's till receipt for 58 and 80 mm rolls, read back (the page's size from its MediaBox,
// the words with pdf.js) in the reader's language; who may read them is who may read the card.

const { t, as, users, businessId } = await startWithUsers(['Bozorchi', 'Owner', 'Omborchi', "Ta'minotchi"]);
afterAll(() => t.close());

const seller = as.Bozorchi;
let variants: TestVariant[];
let sale: { id: number; number: string };
let changeSale: { id: number; number: string };

const v = (i: number) => (variants[i] as TestVariant).id;
const MM = 72 / 25.4;

beforeAll(async () => {
  variants = await createVariants(t.db, businessId, 3);
  for (const i of [0, 1, 2])
    await giveStock(t.db, {
      businessId,
      departmentId: users.Bozorchi.id,
      variantId: v(i),
      qty: '20',
      unitCost: '1000',
    });
  const customer = (await seller.post('crm/counterparties/', { name: 'Aziz aka Ёлкин', kind: 'CUSTOMER' }))
    .body.id;
  const posted = await seller.post('sales/?post=true', {
    counterparty: customer,
    lines: [
      { variant: v(0), qty: '2', price: '100000', discount: '5000' },
      { variant: v(1), qty: '1.5', price: '50000' },
    ],
    payment: { cash: [{ currency: UZS, amount: '200000' }], on_credit: '70000', due_date: '2027-01-15' },
  });
  expect(posted.status).toBe(201);
  expect(posted.body.total).toBe('270000.00');
  sale = posted.body;
  const paidInDollars = await seller.post('sales/?post=true', {
    lines: [{ variant: v(2), qty: '1', price: '50000' }],
    payment: { cash: [{ currency: USD, amount: '5' }] },
  });
  expect(paidInDollars.status).toBe(201);
  changeSale = paidInDollars.body;
});

async function file(path: string, token = seller.token, language = 'uz') {
  const res = await fetch(`${t.url}/api/${path}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    data: Buffer.from(await res.arrayBuffer()),
  };
}

async function pdfText(data: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  // Words as a reader reads them: a line's wrap or a monospace gap is one space.
  return pages.join(' ').replace(/\s+/g, ' ');
}

/** The first page's size in points, from its MediaBox. */
function pageSize(data: Buffer): [number, number] {
  const box = /\/MediaBox \[([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)\]/.exec(data.toString('latin1'));
  if (!box) throw new Error('no MediaBox');
  return [Number(box[3]) - Number(box[1]), Number(box[4]) - Number(box[2])];
}

describe('print forms', () => {
  it("a sale's A4 form: business, kind and number, counterparty, lines, total and payment, in the reader's language", async () => {
    const res = await file(`sales/${sale.id}/print/`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const [width, height] = pageSize(res.data);
    expect(width).toBeCloseTo(595.28, 1);
    expect(height).toBeCloseTo(841.89, 1);
    const text = await pdfText(res.data);
    for (const words of [
      `Sotuv ${sale.number}`,
      'Aziz aka Ёлкин',
      variants[0]?.sku,
      '270 000.00 UZS',
      "O'tkazilgan",
    ])
      expect(text).toContain(words);
    expect(text).toContain('200 000.00 UZS');
    expect(text).toContain("to'lov muddati 15.01.2027");
    expect(text).toContain('70 000.00 UZS');
    expect(text).toMatch(/1\.5 dona/);

    const ru = await pdfText((await file(`sales/${sale.id}/print/`, seller.token, 'ru')).data);
    expect(ru).toContain(`Продажа ${sale.number}`);
    expect(ru).toMatch(/270 000,00 UZS/);
  });

  it('marks a reversed document clearly, and serves every kind (a purchase)', async () => {
    const other = await seller.post('sales/?post=true', {
      lines: [{ variant: v(2), qty: '1', price: '1000' }],
    });
    expect((await seller.post(`sales/${other.body.id}/reverse/`)).status).toBe(200);
    const text = await pdfText((await file(`sales/${other.body.id}/print/`)).data);
    expect(text).toContain('Bekor qilingan (storno)');
    expect(text).toMatch(/KUNI BEKOR QILINGAN \(STORNO\)/);

    const buyer = as["Ta'minotchi"];
    const supplier = (await buyer.post('crm/counterparties/', { name: 'Tolib', kind: 'SUPPLIER' })).body.id;
    const purchase = await buyer.post('purchases/', {
      counterparty: supplier,
      lines: [{ variant: v(0), qty: '3', unit_cost: '700' }],
    });
    expect(purchase.status).toBe(201);
    const form = await file(`purchases/${purchase.body.id}/print/`, buyer.token, 'en');
    expect(form.status).toBe(200);
    const words = await pdfText(form.data);
    expect(words).toContain(`Purchase ${purchase.body.number}`);
    expect(words).toContain('Draft');
    expect(words).toContain('2,100.00 UZS');
  });
});

describe('receipts', () => {
  it('fit a 58 mm and an 80 mm roll, as long as their content, with the number and the total', async () => {
    for (const width of [58, 80]) {
      const res = await file(`sales/${sale.id}/receipt/?width=${width}`);
      expect(res.status).toBe(200);
      expect(res.type).toBe('application/pdf');
      const [w, h] = pageSize(res.data);
      expect(w).toBeCloseTo(width * MM, 1);
      expect(h).toBeGreaterThan(80 * MM);
      expect(h).toBeLessThan(250 * MM);
      const text = await pdfText(res.data);
      expect(text).toContain(sale.number);
      expect(text).toContain('270 000.00 UZS');
      expect(text).toContain('Nasiya');
    }
    const change = await pdfText(
      (await file(`sales/${changeSale.id}/receipt/?width=80`, seller.token, 'ru')).data,
    );
    expect(change).toContain('Сдача, UZS');
    expect(change).toContain('Наличными, USD');
  });

  it("answers the receipt page's data as JSON", async () => {
    const res = await seller.get(`sales/${sale.id}/receipt/?format=json`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ business: expect.any(String), seller: expect.any(String) });
    expect(res.body.document).toMatchObject({ id: sale.id, number: sale.number, total: '270000.00' });
  });

  it("refuses a width no till has (400), a department that may not see the sale and another business's (404)", async () => {
    expect((await file(`sales/${sale.id}/receipt/?width=70`)).status).toBe(400);
    expect((await file(`sales/${sale.id}/receipt/`, as.Omborchi.token)).status).toBe(404);
    expect((await file(`sales/${sale.id}/print/`, as.Omborchi.token)).status).toBe(404);
    expect((await file(`sales/${sale.id}/print/`, as.Owner.token)).status).toBe(200);
    const stranger = await createSignedInUsers(t.db, t.url, ['Owner', 'Bozorchi']);
    for (const token of [stranger.as.Owner.token, stranger.as.Bozorchi.token]) {
      expect((await file(`sales/${sale.id}/print/`, token)).status).toBe(404);
      expect((await file(`sales/${sale.id}/receipt/?width=58`, token)).status).toBe(404);
    }
    // A purchase has no receipt: its id under sales/ is no sale.
    expect((await file(`sales/999999/receipt/`)).status).toBe(404);
  });
});
