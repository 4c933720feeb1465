import { CONTROL_CHARACTERS_MESSAGE, msg } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test/client.ts';
import { createSignedInUsers } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { tr } from './lib/texts.ts';
import { createProduct, createUnit, createVariant } from './modules/catalog/catalog.fixtures.ts';

// Clean input (DESIGN.md section 4): control characters, strict path ids, authentication before
// validation. The fuzz test covers every operation at random; these pin the answers clients read.

let t: TestApp;
let owner: ApiClient;
let kassir: ApiClient;
let supplier: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  const signedIn = await createSignedInUsers(t.db, t.url, ['Owner', 'Kassir', "Ta'minotchi"]);
  ({ Owner: owner, Kassir: kassir, "Ta'minotchi": supplier } = signedIn.as);
});
afterAll(() => t.close());

describe('control characters', () => {
  it('are refused in every text field with the field error shape, NUL included', async () => {
    const unit = await createUnit(owner);
    const variant = await createVariant(owner);
    const cases: Array<[ApiClient, string, Record<string, unknown>, string]> = [
      [owner, 'catalog/units/', { name: 'kg\u0000', measure: 'KG' }, 'name'],
      [
        owner,
        'catalog/products/',
        { name: 'Ip', model: 'M\u0007', code: 5, unit: unit.id, type: 'RAW' },
        'model',
      ],
      [owner, 'catalog/variants/', { product: variant.product, sku: 'SKU\u001b1' }, 'sku'],
      [owner, 'catalog/sizes/', { size: '48', label: 'L\u0000' }, 'label'],
      [owner, 'catalog/colors/', { name: 'Qizil\u0085', code: '#DC2626' }, 'name'],
      [
        kassir,
        'finance/money-transactions/external-transaction/',
        { currency: 'UZS', amount: '10', is_income: true, reason_text: 'Tushum\u0000 mijozdan' },
        'reason_text',
      ],
      [
        supplier,
        'inventory/stocks-entry/',
        { variant: variant.id, qty_received: '1', unit_cost: '1', currency: 2, location: 'A\u007f' },
        'location',
      ],
    ];
    for (const [client, path, body, field] of cases) {
      const res = await client.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
      const message = tr('uz', msg(CONTROL_CHARACTERS_MESSAGE));
      expect(res.body[field]).toEqual([message]);
      expect(res.body.field_messages[field]).toEqual([{ key: CONTROL_CHARACTERS_MESSAGE }]);
      expect(res.body.detail).toBe(`${field}: ${message}`);
    }
  });

  it('allows tab and newline in text', async () => {
    const res = await kassir.post('finance/money-transactions/external-transaction/', {
      currency: 'UZS',
      amount: '10',
      is_income: true,
      reason_text: 'Birinchi qator\n\tikkinchi qator',
    });
    expect(res.status).toBe(201);
    expect(res.body.reason).toBe('Birinchi qator\n\tikkinchi qator');
  });

  it('are dropped from search parameters, which then search as usual', async () => {
    const product = await createProduct(owner, { name: 'Nulsiz mahsulot' });
    await createVariant(owner, { product: product.id, sku: 'NULSIZ-1' });
    const found = await owner.get('catalog/variants/?search=NUL%00SIZ');
    expect(found.status).toBe(200);
    expect(found.body.map((v: { sku: string }) => v.sku)).toEqual(['NULSIZ-1']);
    const ledger = await kassir.get('finance/money-transactions/by-user/?search=%00%07');
    expect(ledger.status).toBe(200);
  });
});

describe('path ids', () => {
  it('find an object only by its plain decimal id: any other spelling is 404', async () => {
    const product = await createProduct(owner);
    expect((await owner.get(`catalog/products/${product.id}/`)).status).toBe(200);
    const hex = `0x${product.id.toString(16)}`;
    for (const id of [
      hex,
      `${product.id}e0`,
      `+${product.id}`,
      `0${product.id}`,
      `${product.id}.0`,
      '-1',
      '0',
    ]) {
      const res = await owner.get(`catalog/products/${id}/`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ detail: 'Topilmadi.', detail_message: { key: 'errors.not_found' } });
    }
    for (const id of ['99999999999', '2147483648', '1e3']) {
      expect((await owner.patch(`catalog/products/${id}/`, { name: 'x' })).status, id).toBe(404);
    }
  });
});

describe('authentication before validation', () => {
  it('answers an anonymous POST with a bad body 401 and a wrong role 403, before field errors', async () => {
    const anon = new ApiClient(t.url);
    for (const path of [
      'catalog/products/',
      'finance/money-transactions/external-transaction/',
      'inventory/stocks-entry/',
      'offers/offers/',
      'offers/exchanges/',
    ]) {
      const res = await anon.post(path, { unexpected: '\u0000' });
      expect(res.status, path).toBe(401);
      expect(Object.keys(res.body)).toEqual(['detail', 'detail_message']);
    }
    const wrongRole = await kassir.post('catalog/products/', { name: 1 });
    expect(wrongRole.status).toBe(403);
    expect(Object.keys(wrongRole.body)).toEqual(['detail', 'detail_message']);
  });
});
