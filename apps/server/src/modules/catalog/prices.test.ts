import { afterAll, describe, expect, it } from 'vitest';
import { signInOutsider, startWithUsers } from '../../../test/harness.ts';
import { USD, UZS } from '../finance/finance.fixtures.ts';
import { createVariant, uniq } from './catalog.fixtures.ts';

// Price types and prices (DESIGN.md section 19), on both engines.

const { t, as } = await startWithUsers(['Owner', 'Omborchi', 'Kassir']);
afterAll(() => t.close());
const owner = as.Owner;
const other = (await signInOutsider(t)).client;

describe('price types', () => {
  it('the first is the default; making another the default replaces it; names are unique', async () => {
    const retail = await owner.post('catalog/price-types/', { name: 'Chakana', currency: UZS });
    expect(retail.status).toBe(201);
    expect(retail.body).toEqual({
      id: expect.any(Number),
      name: 'Chakana',
      currency: UZS,
      currency_code: 'UZS',
      is_default: true,
    });
    const wholesale = await as.Omborchi.post('catalog/price-types/', {
      name: 'Ulgurji',
      currency: USD,
      is_default: true,
    });
    expect(wholesale.body.is_default).toBe(true);
    const list = await as.Kassir.get('catalog/price-types/');
    expect(list.body.map((p: { name: string; is_default: boolean }) => [p.name, p.is_default])).toEqual([
      ['Ulgurji', true],
      ['Chakana', false],
    ]);
    const back = await owner.patch(`catalog/price-types/${retail.body.id}/`, {
      is_default: true,
      name: 'Chakana narx',
    });
    expect(back.body).toMatchObject({ name: 'Chakana narx', is_default: true });
    expect(
      (await owner.get('catalog/price-types/')).body.filter((p: { is_default: boolean }) => p.is_default),
    ).toHaveLength(1);

    const unset = await owner.request(
      'PATCH',
      `catalog/price-types/${retail.body.id}/`,
      { is_default: false },
      { 'accept-language': 'ru' },
    );
    expect(unset.status).toBe(400);
    expect(unset.body.is_default).toEqual(['Основной тип цены остаётся: сделайте основным другой.']);
    const twice = await owner.post('catalog/price-types/', { name: 'Ulgurji', currency: UZS });
    expect(twice.status).toBe(400);
    expect(twice.body.name).toEqual(['Bu nomli narx turi bor.']);
    expect((await owner.post('catalog/price-types/', { name: 'Euro', currency: 999 })).status).toBe(400);
    expect((await as.Kassir.post('catalog/price-types/', { name: uniq('K'), currency: UZS })).status).toBe(
      403,
    );
    expect((await other.patch(`catalog/price-types/${retail.body.id}/`, { name: 'x' })).status).toBe(404);
    expect((await other.get('catalog/price-types/')).body).toEqual([]);
  });
});

describe('prices', () => {
  it('are set, replaced and removed per price type; a price type with prices keeps its currency', async () => {
    const type = (await owner.post('catalog/price-types/', { name: uniq('Bozor'), currency: UZS })).body;
    const variant = await createVariant(owner, {});
    const set = await owner.put(`catalog/variants/${variant.id}/prices/`, {
      prices: [{ price_type: type.id, price: '125000' }],
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ prices: [{ price_type: type.id, price: '125000.00' }] });
    await owner.put(`catalog/variants/${variant.id}/prices/`, {
      prices: [{ price_type: type.id, price: 130000.5 }],
    });
    expect((await as.Kassir.get(`catalog/variants/${variant.id}/prices/`)).body.prices).toEqual([
      { price_type: type.id, price: '130000.50' },
    ]);
    const bad = await owner.put(`catalog/variants/${variant.id}/prices/`, {
      prices: [{ price_type: type.id, price: '-1' }],
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await owner.put(`catalog/variants/${variant.id}/prices/`, {
          prices: [{ price_type: 999_999, price: '1' }],
        })
      ).status,
    ).toBe(400);
    expect((await owner.patch(`catalog/price-types/${type.id}/`, { currency: USD })).status).toBe(409);
    const removed = await owner.put(`catalog/variants/${variant.id}/prices/`, {
      prices: [{ price_type: type.id, price: '' }],
    });
    expect(removed.body.prices).toEqual([]);
    expect((await owner.patch(`catalog/price-types/${type.id}/`, { currency: USD })).body.currency_code).toBe(
      'USD',
    );
    expect((await other.get(`catalog/variants/${variant.id}/prices/`)).status).toBe(404);
  });

  it("of many variants in one read, the business's own only; a bad list is refused", async () => {
    const type = (await owner.post('catalog/price-types/', { name: uniq('Kop'), currency: UZS })).body;
    const [priced, bare] = [await createVariant(owner, {}), await createVariant(owner, {})];
    await owner.put(`catalog/variants/${priced.id}/prices/`, {
      prices: [{ price_type: type.id, price: '7500' }],
    });
    const theirs = await createVariant(other, {});
    const read = await as.Kassir.get(
      `catalog/variant-prices/?variants=${bare.id},${priced.id},${theirs.id},${priced.id}`,
    );
    expect(read.status).toBe(200);
    // In the order asked, each once; a variant without prices has an empty list; another
    // business's variant is left out, as an unknown one.
    expect(read.body.variants).toEqual([
      { variant: bare.id, prices: [] },
      {
        variant: priced.id,
        prices: (await owner.get(`catalog/variants/${priced.id}/prices/`)).body.prices,
      },
    ]);
    expect(read.body.variants[1].prices).toContainEqual({ price_type: type.id, price: '7500.00' });
    expect((await other.get(`catalog/variant-prices/?variants=${priced.id}`)).body.variants).toEqual([]);

    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    for (const query of ['', '?variants=', '?variants=1,x', '?variants=0', `?variants=${many}`]) {
      const bad = await as.Kassir.get(`catalog/variant-prices/${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.detail, query).toMatch(/^variants/);
    }
  });

  it('show on labels in the chosen price type, as the business reads an amount', async () => {
    const type = (await owner.post('catalog/price-types/', { name: uniq('Yorliq'), currency: UZS })).body;
    const variant = await createVariant(owner, {});
    await owner.put(`catalog/variants/${variant.id}/prices/`, {
      prices: [{ price_type: type.id, price: '125000' }],
    });
    const res = await fetch(`${t.url}/api/catalog/labels/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ variant: variant.id, copies: 1 }],
        template: '40x30',
        price_type: type.id,
      }),
    });
    expect(res.status).toBe(200);
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(await res.arrayBuffer()), useSystemFonts: false })
      .promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items
      .map((i) => ('str' in i ? i.str : ''))
      .join(' ');
    expect(text).toContain('125 000.00 UZS');
  });
});
