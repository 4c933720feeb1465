import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import type { TestUser } from '../../../test/factories.ts';
import { signInOutsider, startWithUsers, type TestApp } from '../../../test/harness.ts';
import { assertMoneyInvariants } from '../../../test/money-invariants.ts';
import { openEventStream } from '../../../test/sse.ts';
import { balanceOf, fund, USD, UZS } from '../finance/finance.fixtures.ts';
import { createVariants, type TestVariant } from '../inventory/inventory.fixtures.ts';

// Bringing a business in (DESIGN.md section 17): each kind staged and committed end to end,
// every error of every row at once, all or nothing, a commit twice, and the limits.

let t: TestApp;
let owner: ApiClient;
let omborchi: ApiClient;
let kassir: ApiClient;
let outsider: ApiClient;
let users: Record<'Owner' | 'Omborchi' | 'Kassir', TestUser>;

beforeAll(async () => {
  const mine = await startWithUsers(['Owner', 'Omborchi', 'Kassir']);
  ({ t, users } = mine);
  ({ Owner: owner, Omborchi: omborchi, Kassir: kassir } = mine.as);
  ({ client: outsider } = await signInOutsider(t));
});
afterEach(() => assertMoneyInvariants(t.db));
afterAll(() => t.close());

const BOM = '\uFEFF';

function upload(
  client: ApiClient,
  kind: string,
  content: string | Buffer,
  language = 'uz',
  progress?: string,
) {
  const form = new FormData();
  form.append('kind', kind);
  if (progress) form.append('progress', progress);
  form.append(
    'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)]),
    'upload.csv',
  );
  return client.postForm('imports/', form, { 'accept-language': language });
}

const commit = (client: ApiClient, id: number, key?: string) =>
  client.post(`imports/${id}/commit/`, undefined, key ? { 'Idempotency-Key': key } : {});

const countOf = async (table: 'imports' | 'import_rows') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const rowsOf = async (importId: number) =>
  Number(
    (
      await t.db
        .selectFrom('import_rows')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('import_id', '=', importId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const variantsOf = (sku: string) =>
  t.db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('units as u', 'u.id', 'p.unit_id')
    .leftJoin('colors as c', 'c.id', 'v.color_id')
    .select(['v.sku', 'p.name', 'p.code', 'u.name as unit', 'u.measure', 'c.name as color', 'v.min_qty'])
    .where('v.business_id', '=', users.Owner.businessId)
    .where('v.sku', '=', sku)
    .execute();

describe('catalog', () => {
  const csv = (sku: string, name = "Ko'ylak") =>
    `${BOM}Название товара;Модель;Код;Тип;Единица измерения;Мера;SKU;Цвет;Размер;Минимальный остаток\n` +
    `${name};KL-01;7001;finished;dona-imp;D;${sku}-M;Oq;M;5\n` +
    `${name};KL-01;7001;FINISHED;dona-imp;;${sku}-L;Oq;L;\n`;

  it('stages a CSV with headers in Russian, previews it, posts it once, and updates by SKU', async () => {
    const staged = await upload(omborchi, 'catalog', csv('IMP'));
    expect(staged.status).toBe(201);
    expect(staged.body).toMatchObject({ kind: 'catalog', status: 'STAGED', rows: 2, valid: 2, errors: [] });
    expect(staged.body.preview[0]).toMatchObject({
      row: '2',
      action: 'create',
      sku: 'IMP-M',
      type: 'FINISHED',
      min_qty: '5',
    });
    expect(await variantsOf('IMP-M')).toEqual([]);

    const posted = await commit(omborchi, staged.body.id, 'imp-catalog');
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ status: 'POSTED', result: { created: 2, updated: 0 } });
    expect(await variantsOf('IMP-M')).toEqual([
      {
        sku: 'IMP-M',
        name: "Ko'ylak",
        code: 7001,
        unit: 'dona-imp',
        measure: 'D',
        color: 'Oq',
        min_qty: '5.000',
      },
    ]);
    const again = await commit(omborchi, staged.body.id);
    expect(again.body).toMatchObject({ status: 'POSTED', result: { created: 2, updated: 0 } });
    const replay = await commit(omborchi, staged.body.id, 'imp-catalog');
    expect(replay.body).toEqual(posted.body);
    // History records the staging and the commit with its counts (DESIGN.md section 17).
    const history = await t.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('entity', '=', 'import')
      .where('entity_id', '=', String(staged.body.id))
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { action: 'import.stage', summary: 'Fayl tekshirildi: 2 qator, 0 xato' },
      { action: 'import.commit', summary: "Import o'tkazildi: 2 qator, 2 yangi, 0 yangilandi" },
    ]);
    const products = await t.db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', users.Owner.businessId)
      .where('code', '=', 7001)
      .execute();
    expect(products).toHaveLength(1);

    const second = await upload(omborchi, 'catalog', csv('IMP', "Ko'ylak yangi"));
    expect(second.body.preview[0]).toMatchObject({ action: 'update' });
    expect((await commit(omborchi, second.body.id)).body.result).toEqual({ created: 0, updated: 2 });
    expect((await variantsOf('IMP-L'))[0]).toMatchObject({ name: "Ko'ylak yangi" });
  });

  it('lists every error of every row at once, in the reader language, and refuses to commit', async () => {
    const file =
      'name,model,code,type,unit,measure,sku\n' +
      'Shim,SH-1,abc,FINISHED,dona,D,E-1\n' +
      ',SH-1,12,WRONG,dona,D,E-2\n' +
      'Shim,SH-1,13,RAW,dona,D,E-3\n' +
      'Shim,SH-1,14,RAW,yangi-birlik,,E-3\n';
    const uz = await upload(owner, 'catalog', file);
    expect(uz.status).toBe(201);
    expect(uz.body).toMatchObject({ rows: 4, valid: 1 });
    expect(uz.body.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`)).toEqual([
      '2:code',
      '3:name',
      '3:type',
      '5:measure',
      '5:sku',
    ]);
    expect(uz.body.errors[4].message).toBe('Bu qiymat faylning 4-qatorida ham bor.');
    expect(uz.body.preview[1]).toMatchObject({ row: '3', action: '', name: '', type: 'WRONG' });
    const ru = await upload(owner, 'catalog', file, 'ru');
    expect(ru.body.errors[4].message).toBe('Это значение уже есть в строке 4 файла.');
    const refused = await commit(owner, uz.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Importda 5 ta xato bor: faylni tuzatib, qaytadan yuklang.');
    expect(await variantsOf('E-2')).toEqual([]);
  });

  it('checks across the whole file, whatever batch a row falls in; the commit posts every page', {
    timeout: 60_000,
  }, async () => {
    // 2,500 rows: three batches of staging and three pages of the commit (DESIGN.md section 17).
    const rows = Array.from({ length: 2_500 }, (_, i) => `Keng ${i};K-${i};${600_000 + i};RAW;kg;;WIDE-${i}`);
    rows[1] = 'Keng 1;K-1;600001;RAW;kg;M;WIDE-1'; // the new unit's measure, on the file's row 3 only
    const file = (extra: string[]) =>
      `name;model;code;type;unit;measure;sku\n${[...rows, ...extra].join('\n')}\n`;
    const wrong = await upload(
      owner,
      'catalog',
      file(['Keng 2;K-2;600002;RAW;kg;;WIDE-0', 'Boshqa nom;K-7;600007;RAW;kg;;WIDE-X']),
    );
    expect(wrong.body).toMatchObject({ rows: 2_502, valid: 2_500 });
    expect(wrong.body.errors).toEqual([
      { row: 2502, column: 'sku', message: 'Bu qiymat faylning 2-qatorida ham bor.' },
      {
        row: 2503,
        column: 'code',
        message: 'Shu kodli mahsulot 9-qatorda boshqacha yozilgan (nomi, modeli, turi yoki birligi).',
      },
    ]);
    expect(await rowsOf(wrong.body.id)).toBe(0);

    const good = await upload(owner, 'catalog', file([]));
    expect(good.body).toMatchObject({ rows: 2_500, valid: 2_500, errors: [] });
    expect((await commit(owner, good.body.id)).body.result).toEqual({ created: 2_500, updated: 0 });
    const unit = await t.db
      .selectFrom('units')
      .select('measure')
      .where('business_id', '=', users.Owner.businessId)
      .where('name', '=', 'kg')
      .executeTakeFirstOrThrow();
    expect(unit.measure).toBe('M');
    expect(await variantsOf('WIDE-2499')).toHaveLength(1);
    expect(await rowsOf(good.body.id)).toBe(2_500);
  });

  it('imports barcodes: a code checked, not twice in the file, not another variant of the business', async () => {
    const taken = (await createVariants(t.db, users.Owner.businessId, 1))[0] as TestVariant;
    await t.db.updateTable('variants').set({ barcode: '96385074' }).where('id', '=', taken.id).execute();
    const header = 'name;model;code;type;unit;measure;sku;Штрихкод\n';
    const wrong = await upload(
      owner,
      'catalog',
      `${header}Sumka;S-1;910001;FINISHED;dona;D;BAR-1;4006381333931\n` +
        'Sumka;S-1;910001;FINISHED;dona;D;BAR-2;4006381333931\n' +
        'Sumka;S-1;910001;FINISHED;dona;D;BAR-3;4006381333932\n' +
        'Sumka;S-1;910001;FINISHED;dona;D;BAR-4;96385074\n',
    );
    expect(wrong.body.errors).toEqual([
      { row: 3, column: 'barcode', message: 'Bu shtrix-kod faylning 2-qatorida ham bor.' },
      {
        row: 4,
        column: 'barcode',
        message: "Shtrix-kodning nazorat raqami noto'g'ri: kodni qaytadan tekshiring.",
      },
      { row: 5, column: 'barcode', message: `Bu shtrix-kod ${taken.sku} variantida bor.` },
    ]);
    const good = await upload(
      owner,
      'catalog',
      `${header}Sumka;S-1;910001;FINISHED;dona;D;BAR-1;4006381333931\n`,
    );
    expect(good.body.errors).toEqual([]);
    await commit(owner, good.body.id);
    const [row] = await t.db.selectFrom('variants').select('barcode').where('sku', '=', 'BAR-1').execute();
    expect(row?.barcode).toBe('4006381333931');
  });

  it("reads a price column per price type, by the price type's name, and sets the variants' prices", async () => {
    const retail = (await owner.post('catalog/price-types/', { name: 'Chakana', currency: UZS })).body;
    const wholesale = (await owner.post('catalog/price-types/', { name: 'Ulgurji', currency: USD })).body;
    const template = await owner.get('imports/templates/catalog.xlsx');
    expect(template.status).toBe(200);
    const header = 'name;model;code;type;unit;measure;sku;Narx: Chakana;ulgurji\n';
    const wrong = await upload(
      owner,
      'catalog',
      `${header}Kamar;K-1;920001;FINISHED;dona;D;PRICE-1;-5;abc\n`,
      'ru',
    );
    expect(wrong.body.columns).toEqual([
      'name',
      'model',
      'code',
      'type',
      'unit',
      'measure',
      'sku',
      `price:${retail.id}`,
      `price:${wholesale.id}`,
    ]);
    expect(wrong.body.column_names).toEqual({
      [`price:${retail.id}`]: 'Цена: Chakana',
      [`price:${wholesale.id}`]: 'Цена: Ulgurji',
    });
    expect(wrong.body.errors.map((e: { column: string }) => e.column)).toEqual([
      `price:${retail.id}`,
      `price:${wholesale.id}`,
    ]);
    const good = await upload(
      owner,
      'catalog',
      `${header}Kamar;K-1;920001;FINISHED;dona;D;PRICE-1;125000;9.5\nKamar;K-1;920001;FINISHED;dona;D;PRICE-2;;\n`,
    );
    expect(good.body.errors).toEqual([]);
    expect(good.body.preview[0]).toMatchObject({
      [`price:${retail.id}`]: '125000',
      [`price:${wholesale.id}`]: '9.5',
    });
    await commit(owner, good.body.id);
    const [variant] = await t.db.selectFrom('variants').select('id').where('sku', '=', 'PRICE-1').execute();
    const prices = await owner.get(`catalog/variants/${variant?.id}/prices/`);
    expect(prices.body.prices).toEqual([
      { price_type: retail.id, price: '125000.00' },
      { price_type: wholesale.id, price: '9.50' },
    ]);
  });

  it("reads other systems' names of a column, in any case, with _ or - for spaces", async () => {
    const file =
      'Product_Name,MODEL,code,Type,unit-name,Measure,Variant SKU\nTufli,T-1,8001,FINISHED,juft,D,TF-1\n';
    const res = await upload(owner, 'catalog', file, 'en');
    expect(res.body).toMatchObject({ rows: 1, valid: 1, errors: [] });
    expect(res.body.columns).toEqual(['name', 'model', 'code', 'type', 'unit', 'measure', 'sku']);
  });

  it('names every missing required column at once', async () => {
    const res = await upload(owner, 'catalog', 'name;sku\nA;B\n');
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('Model');
    expect(res.body.detail).toContain('Kod');
    expect(res.body.detail).toContain("O'lchov birligi");
  });
});

describe('stock', () => {
  let variant: TestVariant;
  beforeAll(async () => {
    [variant] = (await createVariants(t.db, users.Owner.businessId, 1)) as [TestVariant];
  });

  it('posts opening lots as ADJUSTMENT entries from an XLSX, a formula read by its cached value', async () => {
    const file = await xlsx([
      ["Bo'lim", 'SKU', 'Miqdor', 'Birlik narxi', 'Valyuta', 'Joy'],
      [users.Omborchi.email, variant.sku, { formula: '10*2', result: 20 }, '1.5', 'usd', 'Ombor A'],
      [users.Omborchi.email.toUpperCase(), variant.sku, 5, 12000, 'UZS', ''],
    ]);
    const staged = await upload(owner, 'stock', file);
    expect(staged.status).toBe(201);
    expect(staged.body).toMatchObject({ errors: [], valid: 2 });
    expect(staged.body.preview[0]).toMatchObject({ qty: '20', currency: 'USD' });
    const posted = await commit(owner, staged.body.id);
    expect(posted.body.result).toEqual({ created: 2, updated: 0 });
    const entries = await t.db
      .selectFrom('stock_entries')
      .select(['type', 'qty_received', 'reason_text', 'location'])
      .where('variant_id', '=', variant.id)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        type: 'ADJUSTMENT',
        qty_received: '20.000',
        reason_text: `Import #${staged.body.id}`,
        location: 'Ombor A',
      },
      { type: 'ADJUSTMENT', qty_received: '5.000', reason_text: `Import #${staged.body.id}`, location: '' },
    ]);
    const balance = await t.db
      .selectFrom('stock_balances')
      .select('qty_on_hand')
      .where('department_id', '=', users.Omborchi.id)
      .where('variant_id', '=', variant.id)
      .executeTakeFirst();
    expect(balance?.qty_on_hand).toBe('25.000');
  });

  it('refuses an unknown SKU, department or currency on their cells; the catalogue roles may not import stock', async () => {
    const file = `department,sku,qty,unit_cost,currency\nnobody@x.uz,NO-SKU,1,1,EUR\n${users.Omborchi.email},${variant.sku},1,1,GBP\n`;
    const res = await upload(owner, 'stock', file);
    expect(res.body.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`)).toEqual([
      '2:department',
      '2:sku',
      '2:currency',
      '3:currency',
    ]);
    expect((await upload(omborchi, 'stock', file)).status).toBe(403);
    expect((await upload(kassir, 'catalog', file)).status).toBe(403);
  });
});

describe('balances', () => {
  it('posts ADJUSTMENT ledger rows, or nothing when the last row would take a balance below zero', async () => {
    await fund(t.db, users.Kassir, USD, '10');
    const bad = `department;currency;amount\n${users.Kassir.email};UZS;500000\n${users.Kassir.email};USD;-11\n`;
    const staged = await upload(owner, 'balances', bad);
    expect(staged.body.errors).toEqual([]);
    const refused = await commit(owner, staged.body.id);
    expect(refused.status).toBe(409);
    expect(await balanceOf(t.db, users.Kassir.id, UZS)).toBeNull();
    expect((await owner.get(`imports/${staged.body.id}/`)).body.status).toBe('STAGED');

    const good = await upload(owner, 'balances', bad.replace('-11', '-4'));
    const posted = await commit(owner, good.body.id);
    expect(posted.body.result).toEqual({ created: 2, updated: 0 });
    expect(await balanceOf(t.db, users.Kassir.id, UZS)).toBe('500000.00');
    expect(await balanceOf(t.db, users.Kassir.id, USD)).toBe('6.00');
    const reasons = await t.db
      .selectFrom('money_transactions')
      .select(['tx_type', 'reason'])
      .where('user_id', '=', users.Kassir.id)
      .where('tx_type', '=', 'ADJUSTMENT')
      .execute();
    expect(reasons).toContainEqual({ tx_type: 'ADJUSTMENT', reason: `Import #${good.body.id}` });
  });
});

describe('counterparties', () => {
  it('creates counterparties with open debts and updates one with the same STIR', async () => {
    await owner.post('crm/counterparties/', { name: 'Eski nom', kind: 'SUPPLIER', tin: '301234567' });
    const file =
      'name,kind,phone,tin,debt_direction,debt_currency,debt_amount,debt_due_date,debt_department\n' +
      `Anvar Qodirov,customer,+998 90 123 45 67,,RECEIVABLE,UZS,1500000,2026-12-31,${users.Kassir.email}\n` +
      `Ipak Yo'li MChJ,SUPPLIER,,301234567,,,,,\n` +
      'Qarzdor,,,,PAYABLE,UZS,,,\n';
    const staged = await upload(owner, 'counterparties', file);
    expect(staged.body.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`)).toEqual([
      '4:debt_amount',
      '4:debt_department',
    ]);
    const fixed = await upload(owner, 'counterparties', file.split('\n').slice(0, 3).join('\n'));
    expect(fixed.body.preview.map((p: { action: string }) => p.action)).toEqual(['create', 'update']);
    const posted = await commit(owner, fixed.body.id);
    expect(posted.body.result).toEqual({ created: 1, updated: 1 });
    const debts = await t.db
      .selectFrom('debts as d')
      .innerJoin('counterparties as c', 'c.id', 'd.counterparty_id')
      .select(['c.name', 'd.direction', 'd.amount', 'd.department_id', 'd.created_by'])
      .where('d.business_id', '=', users.Owner.businessId)
      .execute();
    expect(debts).toEqual([
      {
        name: 'Anvar Qodirov',
        direction: 'RECEIVABLE',
        amount: '1500000.00',
        department_id: users.Kassir.id,
        created_by: users.Owner.id,
      },
    ]);
    const renamed = await t.db
      .selectFrom('counterparties')
      .select('name')
      .where('tin', '=', '301234567')
      .execute();
    expect(renamed).toEqual([{ name: "Ipak Yo'li MChJ" }]);
  });
});

describe('the import itself', () => {
  it('is discarded while staged and then cannot be committed; another business never sees it', async () => {
    const staged = await upload(
      owner,
      'balances',
      `department;currency;amount\n${users.Kassir.email};UZS;1\n`,
    );
    expect((await outsider.get(`imports/${staged.body.id}/`)).status).toBe(404);
    expect((await owner.delete(`imports/${staged.body.id}/`)).status).toBe(204);
    expect((await commit(owner, staged.body.id)).status).toBe(409);
  });

  it('gives a template in the reader language that stages as it is', async () => {
    const res = await fetch(`${t.url}/api/imports/templates/catalog.xlsx`, {
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'ru' },
    });
    expect(res.status).toBe(200);
    const file = Buffer.from(await res.arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as never);
    expect(book.worksheets[0]?.getRow(1).getCell(1).value).toBe('Название товара *');
    const staged = await upload(owner, 'catalog', file);
    expect(staged.body).toMatchObject({ rows: 2, valid: 2, errors: [] });
  });

  it('refuses a kind it does not know, an empty upload, a file too large and too many rows', async () => {
    expect((await upload(owner, 'recipes', 'a\n1\n')).status).toBe(400);
    expect((await upload(owner, 'catalog', '')).status).toBe(400);
    const xls = await upload(owner, 'catalog', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
    expect(xls.body.detail).toBe("Faylni o'qib bo'lmadi: .xlsx yoki .csv (UTF-8) fayl yuboring.");
    const headerOnly = await upload(owner, 'balances', 'department;currency;amount\n');
    expect(headerOnly.body.file).toEqual(["Fayl bo'sh: sarlavha qatori va ma'lumotlar kerak."]);
    const big = await upload(owner, 'catalog', Buffer.alloc(21 * 1024 * 1024, 'a'));
    expect(big.status).toBe(413);
    const stored = () =>
      Promise.all([countOf('imports'), countOf('import_rows')]).then(([imports, rows]) => ({
        imports,
        rows,
      }));
    const before = await stored();
    const rows = `department;currency;amount\n${'x;UZS;1\n'.repeat(200_001)}`;
    const many = await upload(owner, 'balances', rows);
    expect(many.status).toBe(400);
    expect(many.body.detail).toContain('200000');
    // The batches stored before the limit was reached are gone with the import.
    expect(await stored()).toEqual(before);
  });

  it('clears an import a stopped server left reading an hour ago, and never shows one being read', async () => {
    const left = await t.db
      .insertInto('imports')
      .values({
        business_id: users.Owner.businessId,
        kind: 'balances',
        status: 'READING',
        columns: '[]',
        row_count: 0,
        valid_count: 0,
        errors: '[]',
        preview: '[]',
        created_by: users.Owner.id,
        created_at: new Date(Date.now() - 2 * 3600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('import_rows')
      .values({ business_id: users.Owner.businessId, import_id: left.id, line: 2, action: null, data: '{}' })
      .execute();
    expect((await owner.get(`imports/${left.id}/`)).status).toBe(404);
    expect((await commit(owner, left.id)).status).toBe(404);
    await upload(owner, 'balances', `department;currency;amount\n${users.Kassir.email};UZS;1\n`);
    expect(await rowsOf(left.id)).toBe(0);
    expect(
      await t.db.selectFrom('imports').select('id').where('id', '=', left.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a zip bomb before unpacking it: too many entries, or too many bytes once unpacked', async () => {
    const many = new JSZip();
    for (let i = 0; i < 1001; i++) many.file(`x/${i}.xml`, '<a/>');
    const entries = await upload(owner, 'catalog', await many.generateAsync({ type: 'nodebuffer' }));
    expect(entries.status).toBe(400);
    expect(entries.body.file).toEqual([
      "Fayl ichida 1000 tadan ko'p qism bor: bu jadval fayliga o'xshamaydi.",
    ]);
    const big = new JSZip();
    big.file('xl/worksheets/sheet1.xml', Buffer.alloc(201 * 1024 * 1024, 0x20));
    const packed = await big.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(packed.length).toBeLessThan(1024 * 1024);
    const bomb = await upload(owner, 'catalog', packed);
    expect(bomb.status).toBe(400);
    expect(bomb.body.detail).toBe("Fayl ochilganda 200 MB dan oshadi: uni bo'lib yuboring.");
  });

  it('tells the page how far a long upload and its commit have gone, by the page token', {
    timeout: 120_000,
  }, async () => {
    const stream = await openEventStream(t.url, owner.token);
    try {
      const rows = Array.from(
        { length: 10_500 },
        (_, i) => `Uzun ${i};U-${i};${500_000 + i};RAW;dona;D;LONG-${i}`,
      );
      const file = `name;model;code;type;unit;measure;sku\n${rows.join('\n')}\n`;
      const staged = await upload(owner, 'catalog', file, 'uz', 'page-read');
      expect(staged.body).toMatchObject({ rows: 10_500, valid: 10_500 });
      const read = await stream.next((e) => e.event === 'import');
      expect(JSON.parse(read.data)).toEqual({ progress: 'page-read', phase: 'read', rows: 10_000 });
      const posted = await owner.post(`imports/${staged.body.id}/commit/`, { progress: 'page-post' });
      expect(posted.body.result).toEqual({ created: 10_500, updated: 0 });
      // The embedded database's one session cannot tell the commit's progress beside it.
      if (t.kind === 'postgres') {
        const post = await stream.next((e) => e.event === 'import' && JSON.parse(e.data).phase === 'post');
        expect(JSON.parse(post.data)).toEqual({ progress: 'page-post', phase: 'post', rows: 10_000 });
      }
    } finally {
      stream.close();
    }
  });
});
