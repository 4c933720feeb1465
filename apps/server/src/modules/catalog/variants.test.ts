import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOutsider, startWithUsers } from '../../../test/harness.ts';
import {
  createColor,
  createProduct,
  createSize,
  createUnit,
  createVariant,
  uniq,
} from './catalog.fixtures.ts';
import { loadVariantRefs } from './catalog.repository.ts';

const { t, as, users, businessId } = await startWithUsers(['Owner', 'Omborchi']);
afterAll(() => t.close());
const owner = as.Owner;
const other = (await signInOutsider(t)).client;

describe('variant create', () => {
  it('answers the variant with its label, product code, colour and size', async () => {
    const unit = await createUnit(owner);
    const product = await createProduct(owner, {
      name: "Ko'ylak",
      model: 'KL-01',
      code: 5001,
      unit: unit.id,
    });
    const color = await createColor(owner, { name: 'Oq', code: '#FFFFFF' });
    const size = await createSize(owner, { size: '48', label: 'M' });
    const sku = uniq('KL01-OQ-M');
    const res = await owner.post('catalog/variants/', {
      product: product.id,
      sku: ` ${sku} `,
      color: color.id,
      size: String(size.id),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      product: product.id,
      sku,
      color: color.id,
      size: size.id,
      label: "Ko'ylak KL-01 / Oq / M",
      product_code: 5001,
      product_name: "Ko'ylak",
      min_qty: null,
      barcode: null,
      color_name: 'Oq',
      color_code: '#FFFFFF',
      size_label: 'M',
      // The product's unit (DESIGN.md section 16: a quantity shows it).
      unit: 'KG',
    });
    expect((await owner.get(`catalog/variants/${res.body.id}/`)).body).toEqual(res.body);
  });

  it('treats an empty colour or size as none, and shows the size when it has no label', async () => {
    const product = await createProduct(owner, { name: 'Shim', model: 'SH-2' });
    const bare = await createVariant(owner, { product: product.id, color: '', size: null });
    expect(bare).toMatchObject({
      color: null,
      size: null,
      color_name: null,
      color_code: null,
      size_label: null,
      label: 'Shim SH-2',
    });
    const size = await createSize(owner, { size: 'XL', label: '' });
    const sized = await createVariant(owner, { product: product.id, size: size.id });
    expect(sized).toMatchObject({ size_label: 'XL', label: 'Shim SH-2 / XL' });
  });

  it('requires a SKU, unique in the business only', async () => {
    const product = await createProduct(owner);
    const blank = await owner.post('catalog/variants/', { product: product.id, sku: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.sku).toEqual(["Bu maydon bo'sh bo'lishi mumkin emas."]);
    const missing = await owner.post('catalog/variants/', { product: product.id });
    expect(missing.status).toBe(400);
    expect(missing.body.sku).toBeDefined();
    const first = await createVariant(owner, { product: product.id });
    const dup = await owner.post('catalog/variants/', { product: product.id, sku: first.sku });
    expect(dup.status).toBe(400);
    expect(dup.body.sku).toEqual(['Bu SKU bilan variant allaqachon mavjud.']);
    // Another business may use the same SKU (DESIGN.md section 3: unique within a business).
    await createVariant(other, { sku: first.sku });
  });

  it('refuses a product, colour or size of another business as field errors', async () => {
    const mine = await createProduct(owner);
    const theirProduct = await createProduct(other);
    const theirColor = await createColor(other);
    const theirSize = await createSize(other);
    const p = await owner.post('catalog/variants/', { product: theirProduct.id, sku: uniq('s') });
    expect(p.status).toBe(400);
    expect(p.body.product).toBeDefined();
    const c = await owner.post('catalog/variants/', {
      product: mine.id,
      sku: uniq('s'),
      color: theirColor.id,
    });
    expect(c.body.color).toBeDefined();
    const s = await owner.post('catalog/variants/', { product: mine.id, sku: uniq('s'), size: theirSize.id });
    expect(s.body.size).toBeDefined();
    const junk = await owner.post('catalog/variants/', { product: 'abc', sku: 5, color: -1 });
    expect(junk.status).toBe(400);
  });
});

describe('variant list and search', () => {
  let shirt: { id: number };
  let thread: { id: number };
  let red: { id: number };
  let tag = '';
  beforeAll(async () => {
    tag = uniq('q').slice(2);
    shirt = await createProduct(owner, {
      name: `Futbolka${tag}`,
      model: `MOD${tag}`,
      code: 777001,
      type: 'FINISHED',
    });
    thread = await createProduct(owner, { name: `Ip${tag}`, model: 'IP-1', code: 777002, type: 'RAW' });
    red = await createColor(owner, { name: `Qizil${tag}` });
    await createVariant(owner, { product: shirt.id, sku: `FUT-${tag}-1`, color: red.id });
    await createVariant(owner, { product: shirt.id, sku: `FUT-${tag}-2` });
    await createVariant(owner, { product: thread.id, sku: `IP-${tag}-1` });
  });

  it('searches SKU, product name, model and code, colour and size, ignoring case', async () => {
    const search = async (q: string) =>
      (await owner.get(`catalog/variants/?search=${encodeURIComponent(q)}`)).body;
    expect((await search(`fut-${tag}`)).length).toBe(2);
    expect((await search(`futbolka${tag}`.toUpperCase())).length).toBe(2);
    expect((await search(`mod${tag}`)).length).toBe(2);
    expect((await search('777002')).map((v: { sku: string }) => v.sku)).toEqual([`IP-${tag}-1`]);
    expect((await search(`qizil${tag}`)).map((v: { sku: string }) => v.sku)).toEqual([`FUT-${tag}-1`]);
    expect(await search('%_no-such-thing_%')).toEqual([]);
  });

  it('matches the substring itself, not just its character pairs, and a single character', async () => {
    const p = await createProduct(owner, { name: 'Abxba', model: 'M', code: 12 });
    const v = await createVariant(owner, { product: p.id, sku: `N${Date.now()}` });
    const find = async (q: string) =>
      (await owner.get(`catalog/variants/?product=${p.id}&search=${q}`)).body.map(
        (x: { id: number }) => x.id,
      );
    expect(await find('bxb')).toEqual([v.id]);
    expect(await find('aba')).toEqual([]);
    expect(await find('x')).toEqual([v.id]);
  });

  it('follows a renamed product or colour in the search', async () => {
    await owner.patch(`catalog/products/${thread.id}/`, { name: `Kalava${tag}` });
    expect((await owner.get(`catalog/variants/?search=kalava${tag}`)).body.length).toBe(1);
    await owner.put(`catalog/colors/${red.id}/`, { name: `Bordo${tag}`, code: '#7F1D1D' });
    const found = (await owner.get(`catalog/variants/?search=bordo${tag}`)).body;
    expect(found.map((v: { color_name: string }) => v.color_name)).toEqual([`Bordo${tag}`]);
    // The label kept on the row (the stock movement report sorts by it) follows both renames.
    const kept = await t.db
      .selectFrom('variants')
      .select('label')
      .where('id', '=', found[0].id)
      .executeTakeFirst();
    expect(kept?.label).toBe(found[0].label);
    expect(kept?.label).toContain(`Bordo${tag}`);
  });

  it('filters by type and product, limits, and never shows another business', async () => {
    const raw = (await owner.get(`catalog/variants/?type=RAW&search=${tag}`)).body;
    expect(raw.map((v: { product: number }) => v.product)).toEqual([thread.id]);
    const byProduct = (await owner.get(`catalog/variants/?product=${shirt.id}`)).body;
    expect(byProduct.length).toBe(2);
    expect((await owner.get(`catalog/variants/?search=${tag}&limit=1`)).body.length).toBe(1);
    expect((await other.get(`catalog/variants/?search=${tag}`)).body).toEqual([]);
    expect((await other.get(`catalog/variants/?product=${shirt.id}`)).body).toEqual([]);
    const all = (await owner.get('catalog/variants/')).body;
    expect(all.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a bad limit, type or product filter', async () => {
    for (const q of [
      'limit=0',
      'limit=abc',
      'limit=100000',
      'type=TOOL',
      'product=-3',
      `search=${'x'.repeat(101)}`,
    ]) {
      const res = await owner.get(`catalog/variants/?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
  });

  it('loads variant objects for other modules, only of the business', async () => {
    const v = await createVariant(owner);
    const theirs = await createVariant(other);
    const refs = await loadVariantRefs(t.db, businessId, [v.id, theirs.id, v.id, 424242]);
    expect(refs).toEqual([
      {
        id: v.id,
        sku: v.sku,
        label: v.label,
        product: v.product,
        product_code: v.product_code,
        color_name: null,
        color_code: null,
        size_label: null,
        unit: v.unit,
      },
    ]);
    expect(await loadVariantRefs(t.db, businessId, [])).toEqual([]);
  });
});

describe('variant update and delete', () => {
  it('patches SKU, colour and size; a taken SKU is a field error', async () => {
    const v = await createVariant(owner);
    const color = await createColor(owner, { name: 'Qora', code: '#000000' });
    const res = await owner.patch(`catalog/variants/${v.id}/`, { sku: `${v.sku}-B`, color: color.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sku: `${v.sku}-B`,
      color: color.id,
      color_name: 'Qora',
      color_code: '#000000',
    });
    const cleared = await owner.patch(`catalog/variants/${v.id}/`, { color: '' });
    expect(cleared.body).toMatchObject({ color: null, color_name: null });
    const taken = await createVariant(owner);
    const dup = await owner.patch(`catalog/variants/${v.id}/`, { sku: taken.sku });
    expect(dup.status).toBe(400);
    expect(dup.body.sku).toBeDefined();
    expect((await owner.patch(`catalog/variants/${v.id}/`, { sku: `${v.sku}-B` })).status).toBe(200);
    expect((await owner.patch(`catalog/variants/${v.id}/`, { sku: ' ' })).status).toBe(400);
    expect((await other.patch(`catalog/variants/${v.id}/`, { sku: 'mine-now' })).status).toBe(404);
    expect((await other.get(`catalog/variants/${v.id}/`)).status).toBe(404);
  });

  it('keeps a low-stock threshold (DESIGN.md section 11): set, changed, cleared, refused when bad', async () => {
    const v = await createVariant(owner, { min_qty: '2.5' });
    expect(v.min_qty).toBe('2.500');
    expect((await owner.patch(`catalog/variants/${v.id}/`, { min_qty: 4 })).body.min_qty).toBe('4.000');
    expect((await owner.patch(`catalog/variants/${v.id}/`, { sku: `${v.sku}-C` })).body.min_qty).toBe(
      '4.000',
    );
    expect((await owner.patch(`catalog/variants/${v.id}/`, { min_qty: '' })).body.min_qty).toBeNull();
    for (const bad of ['-1', '0.0001', 'abc', '1e3']) {
      const res = await owner.patch(`catalog/variants/${v.id}/`, { min_qty: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.min_qty, bad).toBeDefined();
    }
    expect((await owner.get(`catalog/variants/${v.id}/`)).body.min_qty).toBeNull();
  });

  it('deletes a variant without history', async () => {
    const v = await createVariant(owner);
    expect((await other.delete(`catalog/variants/${v.id}/`)).status).toBe(404);
    expect((await owner.delete(`catalog/variants/${v.id}/`)).status).toBe(204);
    expect((await owner.get(`catalog/variants/${v.id}/`)).status).toBe(404);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'variant')
      .where('entity_id', '=', String(v.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['catalog.variant.create', 'catalog.variant.delete']);
  });

  it('refuses to delete a variant an offer names', async () => {
    const v = await createVariant(owner);
    const offer = await t.db
      .insertInto('offers')
      .values({
        business_id: businessId,
        kind: 'PRODUCT',
        created_by: users.Owner.id,
        from_user_id: users.Owner.id,
        to_user_id: users.Omborchi.id,
        reason: 'Sexga yuborish uchun',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('offer_item_lines')
      .values({
        business_id: users.Owner.businessId,
        offer_id: offer.id,
        variant_id: v.id,
        quantity: '2.000',
      })
      .execute();
    const res = await owner.delete(`catalog/variants/${v.id}/`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('u 1 ta taklifda ishlatilgan');
  });

  it('refuses to delete a variant with stock history, also when only the foreign key knows', async () => {
    // Stock rows of the Omborchi's department, written straight to the database.
    const department = { business_id: businessId, department_id: users.Omborchi.id };
    const balance = await createVariant(owner);
    await t.db
      .insertInto('stock_balances')
      .values({ ...department, variant_id: balance.id, qty_on_hand: '0' })
      .execute();
    const a = await owner.delete(`catalog/variants/${balance.id}/`);
    expect(a.status).toBe(409);
    expect(a.body.detail).toContain('ombor harakatlari tarixi bor');

    const entry = await createVariant(owner);
    await t.db
      .insertInto('stock_entries')
      .values({
        ...department,
        variant_id: entry.id,
        qty_received: '1.000',
        unit_cost: '10.00',
        currency_id: 1,
        type: 'PURCHASE',
        created_by: users.Omborchi.id,
      })
      .execute();
    const b = await owner.delete(`catalog/variants/${entry.id}/`);
    expect(b.status).toBe(409);
    expect(b.body.detail).toContain('ombor harakatlari tarixi bor');
    expect((await owner.get(`catalog/variants/${entry.id}/`)).status).toBe(200);
  });
});
