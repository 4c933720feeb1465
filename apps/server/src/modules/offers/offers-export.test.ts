import { Workbook } from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { fund, USD } from '../finance/finance.fixtures.ts';
import { createVariants } from '../inventory/inventory.fixtures.ts';

// The Income and Outcome lists as files (DESIGN.md section 15, one export stack; spec.md section
// 2 "Income and Outcome"): ?format=csv|xlsx|pdf answers the offers the JSON list answers, with
// the table's columns in the reader's language.

let t: TestApp;
let as: Record<'Kassir' | 'manager', ApiClient>;
let users: Record<'Kassir' | 'manager', TestUser>;
let sku: string;

/** Cyrillic, Uzbek's oʻ, a comma and quotes: what a file must keep whole. */
const REASON = 'Бўлим учун oʻtkazma, "qoʻshimcha"';

type ListedOffer = {
  id: number;
  reason: string;
  created_by: { first_name: string; last_name: string };
  money_lines: Array<{ amount: string; currency_code: string }>;
};

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ['Kassir', 'manager'] as const);
  ({ as, users } = setup);
  const [variant] = await createVariants(t.db, setup.businessId, 1);
  sku = variant?.sku ?? '';
  await fund(t.db, users.Kassir, USD, '500');
  const parties = { from_user: users.Kassir.id, to_user: users.manager.id };
  const money = await as.Kassir.post('offers/offers/', {
    ...parties,
    money_lines: [{ currency: USD, amount: '50' }],
    reason_text: REASON,
  });
  expect(money.status).toBe(201);
  const product = await as.Kassir.post('offers/offers/', {
    ...parties,
    item_lines: [{ variant: variant?.id, quantity: '2.5' }],
    reason_text: 'Mahsulot',
  });
  expect(product.status).toBe(201);
});
afterAll(() => t.close());

async function download(client: ApiClient, path: string, language?: string) {
  const res = await fetch(`${t.url}/api/${path}`, {
    headers: {
      authorization: `Bearer ${client.token}`,
      ...(language ? { 'accept-language': language } : {}),
    },
  });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

async function listed(client: ApiClient, side: 'incomes' | 'outcomes'): Promise<ListedOffer[]> {
  const res = await client.get(`offers/offers/get_${side}/`);
  expect(res.status).toBe(200);
  return res.body;
}

const csvLines = (body: Buffer) =>
  body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('GET offers/offers/get_incomes/ and get_outcomes/ as files', () => {
  it('CSV: the listed offers, newest first, with the table columns, as an attachment', async () => {
    const offers = await listed(as.manager, 'incomes');
    const { res, body } = await download(as.manager, 'offers/offers/get_incomes/?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="takliflar-kirim-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csvLines(body);
    expect(lines[0]).toBe('#,Taklif qiluvchi,Kimdan,Kimga,Summa,Turi,Holat,Sabab,Sana');
    expect(lines).toHaveLength(offers.length + 1);
    // The product offer came last, so it is listed first.
    expect(lines[1]).toMatch(
      new RegExp(
        `^${offers[0]?.id},Kassir Test,Kassir Test,manager Test,2\\.500 × ${sku},mahsulot,DRAFT,Mahsulot,`,
      ),
    );
    const money = offers[1];
    expect(money?.money_lines[0]).toEqual(expect.objectContaining({ amount: '50.00', currency_code: 'USD' }));
    expect(lines[2]).toMatch(
      new RegExp(
        `^${money?.id},Kassir Test,Kassir Test,manager Test,50\\.00 USD,pul,DRAFT,"Бўлим учун oʻtkazma, ""qoʻshimcha""",\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`,
      ),
    );
  });

  it("CSV: the headers, types and statuses in the reader's language", async () => {
    const { body } = await download(as.Kassir, 'offers/offers/get_outcomes/?format=csv', 'ru');
    const lines = csvLines(body);
    expect(lines[0]).toBe('#,Инициатор,От кого,Кому,Сумма,Тип,Статус,Причина,Дата');
    expect(lines[2]).toContain(',50.00 USD,деньги,ЧЕРНОВИК,');
  });

  it('Excel: a workbook whose rows are the listed offers', async () => {
    const offers = await listed(as.Kassir, 'outcomes');
    const { res, body } = await download(as.Kassir, 'offers/offers/get_outcomes/?format=xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toMatch(/filename="takliflar-chiqim-[\d-]+\.xlsx"$/);
    const book = new Workbook();
    await book.xlsx.load(body as never);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('Chiqim');
    expect(sheet?.rowCount).toBe(offers.length + 1);
    expect(sheet?.getRow(1).getCell(2).value).toBe('Taklif qiluvchi');
    const row = sheet?.getRow(3);
    expect(row?.getCell(1).value).toBe(String(offers[1]?.id));
    expect(row?.getCell(5).value).toBe('50.00 USD');
    expect(row?.getCell(8).value).toBe(REASON);
  });

  it('PDF: DejaVu Sans prints the Cyrillic headers and a reason with oʻ', async () => {
    const { res, body } = await download(as.manager, 'offers/offers/get_incomes/?format=pdf', 'ru');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(body.subarray(0, 4).toString()).toBe('%PDF');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
    const content = await (await pdf.getPage(1)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toContain('Приход');
    expect(text).toContain('Инициатор');
    expect(text).toContain('От кого');
    expect(text).toContain('Бўлим учун oʻtkazma');
  });

  it('refuses an unknown format and an anonymous caller', async () => {
    const bad = await as.manager.get('offers/offers/get_incomes/?format=docx');
    expect(bad.status).toBe(400);
    expect(bad.body.format).toBeTruthy();
    const anonymous = await fetch(`${t.url}/api/offers/offers/get_incomes/?format=csv`);
    expect(anonymous.status).toBe(401);
  });

  it('an empty list is a file with its header only', async () => {
    const { res, body } = await download(as.Kassir, 'offers/offers/get_incomes/?format=csv');
    expect(res.status).toBe(200);
    expect(csvLines(body)).toEqual(['#,Taklif qiluvchi,Kimdan,Kimga,Summa,Turi,Holat,Sabab,Sana']);
  });
});
