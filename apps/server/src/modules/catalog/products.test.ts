import { afterAll, describe, expect, it } from 'vitest';
import { signInOutsider, startWithUsers } from '../../../test/harness.ts';
import { createProduct, createUnit, createVariant, uniq } from './catalog.fixtures.ts';

const { t, as, businessId } = await startWithUsers(['Owner']);
afterAll(() => t.close());
const owner = as.Owner;
const other = (await signInOutsider(t)).client;

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

describe('product create', () => {
  it('answers the product with its unit name and type label, and audits it', async () => {
    const unit = await createUnit(owner, { name: 'Metr', measure: 'M' });
    const res = await owner.post('catalog/products/', {
      name: '  Paxta mato ',
      model: 'PM-150',
      code: '1001',
      unit: unit.id,
      type: 'RAW',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Paxta mato',
      model: 'PM-150',
      code: 1001,
      unit: unit.id,
      unit_name: 'Metr',
      type: 'RAW',
      type_display: 'Hom-Ashyo',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'business_id', 'entity_id'])
      .where('action', '=', 'catalog.product.create')
      .where('entity_id', '=', String(res.body.id))
      .executeTakeFirst();
    expect(audit).toEqual({
      action: 'catalog.product.create',
      business_id: businessId,
      entity_id: String(res.body.id),
    });
  });

  it('labels every type', async () => {
    const semi = await createProduct(owner, { type: 'SEMI' });
    const finished = await createProduct(owner, { type: 'FINISHED' });
    expect(semi.type_display).toBe('Yarim-tayyor');
    expect(finished.type_display).toBe('Tayyor');
  });

  it('refuses blank names, a non-numeric code, an unknown type and a missing unit with field errors', async () => {
    const res = await owner.post('catalog/products/', { name: '  ', model: '', code: '12a', type: 'TOOL' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual([
      'code',
      'detail',
      'detail_message',
      'field_messages',
      'model',
      'name',
      'type',
      'unit',
    ]);
    const unit = await createUnit(owner);
    const base = { name: 'x', model: 'y', unit: unit.id, type: 'RAW' };
    for (const code of [-1, 1.5, '', 'abc', '1e3', 2 ** 60, null, true]) {
      const bad = await owner.post('catalog/products/', { ...base, code });
      expect(bad.status, String(code)).toBe(400);
      expect(bad.body.code).toBeDefined();
    }
    expect((await owner.post('catalog/products/', { ...base, code: 7, name: 'x'.repeat(201) })).status).toBe(
      400,
    );
  });

  it('refuses a unit of another business or an unknown unit as a field error', async () => {
    const theirs = await createUnit(other);
    for (const unit of [theirs.id, 999999]) {
      const res = await owner.post('catalog/products/', {
        name: 'x',
        model: 'y',
        code: 1,
        unit,
        type: 'RAW',
      });
      expect(res.status).toBe(400);
      expect(res.body.unit).toEqual([`Noto'g'ri ID "${unit}": bunday obyekt yo'q.`]);
    }
  });
});

describe('product read', () => {
  it('lists the business products, filters by type and refuses an unknown type', async () => {
    const raw = await createProduct(owner, { type: 'RAW' });
    const fin = await createProduct(owner, { type: 'FINISHED' });
    const theirs = await createProduct(other);
    const all = await owner.get('catalog/products/');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual(expect.arrayContaining([raw.id, fin.id]));
    expect(ids(all.body)).not.toContain(theirs.id);
    const rawOnly = await owner.get('catalog/products/?type=RAW');
    expect(ids(rawOnly.body)).toContain(raw.id);
    expect(ids(rawOnly.body)).not.toContain(fin.id);
    expect(rawOnly.body.every((p: { type: string }) => p.type === 'RAW')).toBe(true);
    expect((await owner.get('catalog/products/?type=TOOL')).status).toBe(400);
  });

  it('reads one product; another business, unknown and malformed ids answer 404', async () => {
    const mine = await createProduct(owner);
    expect((await owner.get(`catalog/products/${mine.id}/`)).body).toEqual(mine);
    expect((await owner.get(`catalog/products/${mine.id}`)).status).toBe(200);
    expect((await other.get(`catalog/products/${mine.id}/`)).status).toBe(404);
    expect((await owner.get('catalog/products/987654/')).status).toBe(404);
    expect((await owner.get('catalog/products/x1/')).status).toBe(404);
  });
});

describe('product update and delete', () => {
  it('patches some fields; a changed type moves it out of its old type list', async () => {
    const p = await createProduct(owner, { type: 'RAW' });
    const unit = await createUnit(owner, { name: uniq('Dona'), measure: 'D' });
    const res = await owner.patch(`catalog/products/${p.id}/`, { type: 'SEMI', unit: unit.id, name: 'Ip' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: p.id,
      name: 'Ip',
      model: p.model,
      type: 'SEMI',
      type_display: 'Yarim-tayyor',
      unit: unit.id,
      unit_name: unit.name,
    });
    expect(ids((await owner.get('catalog/products/?type=RAW')).body)).not.toContain(p.id);
    expect(ids((await owner.get('catalog/products/?type=SEMI')).body)).toContain(p.id);
    expect((await owner.patch(`catalog/products/${p.id}/`, {})).status).toBe(200);
  });

  it('refuses bad patches and other businesses', async () => {
    const p = await createProduct(owner);
    const bad = await owner.patch(`catalog/products/${p.id}/`, { name: ' ', code: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.name).toBeDefined();
    expect(bad.body.code).toBeDefined();
    const theirUnit = await createUnit(other);
    expect((await owner.patch(`catalog/products/${p.id}/`, { unit: theirUnit.id })).body.unit).toBeDefined();
    expect((await other.patch(`catalog/products/${p.id}/`, { name: 'stolen' })).status).toBe(404);
    expect((await owner.get(`catalog/products/${p.id}/`)).body).toEqual(p);
  });

  it('deletes a product without variants and refuses one with variants', async () => {
    const lone = await createProduct(owner);
    expect((await other.delete(`catalog/products/${lone.id}/`)).status).toBe(404);
    expect((await owner.delete(`catalog/products/${lone.id}/`)).status).toBe(204);
    expect((await owner.get(`catalog/products/${lone.id}/`)).status).toBe(404);

    const held = await createProduct(owner);
    await createVariant(owner, { product: held.id });
    const res = await owner.delete(`catalog/products/${held.id}/`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('1 ta varianti bor');
    expect((await owner.get(`catalog/products/${held.id}/`)).status).toBe(200);
  });
});
