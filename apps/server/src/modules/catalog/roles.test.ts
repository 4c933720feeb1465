import { CATALOG_WRITE_ROLES, ROLES, type Role } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createColor, createSize, createUnit, createVariant, uniq } from './catalog.fixtures.ts';

// spec.md section 6: Owner, Omborchi and Bozorchi create, edit and delete; every role reads.

let t: TestApp;
let as: Record<Role, ApiClient>;
let fixture: { unit: number; size: number; color: number; product: number; variant: number };

beforeAll(async () => {
  t = await startTestApp();
  as = (await createSignedInUsers(t.db, t.url, ROLES)).as;
  const v = await createVariant(as.Owner);
  fixture = {
    unit: (await createUnit(as.Owner)).id,
    size: (await createSize(as.Owner)).id,
    color: (await createColor(as.Owner)).id,
    product: v.product,
    variant: v.id,
  };
});
afterAll(() => t.close());

const READ_ONLY = ROLES.filter((r) => !CATALOG_WRITE_ROLES.includes(r));

function writes(): Array<[string, (c: ApiClient) => Promise<{ status: number }>]> {
  return [
    ['POST units', (c) => c.post('catalog/units/', { name: 'x', measure: 'KG' })],
    ['PUT units', (c) => c.put(`catalog/units/${fixture.unit}/`, { name: 'x', measure: 'KG' })],
    ['DELETE units', (c) => c.delete(`catalog/units/${fixture.unit}/`)],
    ['POST sizes', (c) => c.post('catalog/sizes/', { size: 'x' })],
    ['PUT sizes', (c) => c.put(`catalog/sizes/${fixture.size}/`, { size: 'x' })],
    ['DELETE sizes', (c) => c.delete(`catalog/sizes/${fixture.size}/`)],
    ['POST colors', (c) => c.post('catalog/colors/', { name: 'x', code: '#000000' })],
    ['PUT colors', (c) => c.put(`catalog/colors/${fixture.color}/`, { name: 'x', code: '#000000' })],
    ['DELETE colors', (c) => c.delete(`catalog/colors/${fixture.color}/`)],
    [
      'POST products',
      (c) => c.post('catalog/products/', { name: 'x', model: 'y', code: 1, unit: fixture.unit, type: 'RAW' }),
    ],
    ['PATCH products', (c) => c.patch(`catalog/products/${fixture.product}/`, { name: 'x' })],
    ['DELETE products', (c) => c.delete(`catalog/products/${fixture.product}/`)],
    ['POST variants', (c) => c.post('catalog/variants/', { product: fixture.product, sku: uniq('r') })],
    ['PATCH variants', (c) => c.patch(`catalog/variants/${fixture.variant}/`, { sku: uniq('r') })],
    ['DELETE variants', (c) => c.delete(`catalog/variants/${fixture.variant}/`)],
  ];
}

const READS = [
  'catalog/units/',
  'catalog/sizes/',
  'catalog/colors/',
  'catalog/products/',
  'catalog/variants/',
];

describe.each(READ_ONLY)('%s', (role) => {
  it('reads every list and one product and variant', async () => {
    for (const path of [
      ...READS,
      `catalog/products/${fixture.product}/`,
      `catalog/variants/${fixture.variant}/`,
    ]) {
      expect((await as[role].get(path)).status, path).toBe(200);
    }
  });

  it('is refused every write with 403, changing nothing', async () => {
    for (const [name, call] of writes()) {
      const res = await call(as[role]);
      expect(res.status, name).toBe(403);
    }
    expect((await as.Owner.get(`catalog/variants/${fixture.variant}/`)).status).toBe(200);
    expect((await as.Owner.get(`catalog/products/${fixture.product}/`)).status).toBe(200);
  });
});

describe.each(CATALOG_WRITE_ROLES)('%s', (role) => {
  it('creates, edits and deletes its own rows', async () => {
    const c = as[role];
    const unit = await createUnit(c);
    expect((await c.put(`catalog/units/${unit.id}/`, { name: 'Kg', measure: 'KG' })).status).toBe(200);
    const v = await createVariant(c, { size: (await createSize(c)).id, color: (await createColor(c)).id });
    expect((await c.patch(`catalog/variants/${v.id}/`, { sku: uniq('w') })).status).toBe(200);
    expect((await c.patch(`catalog/products/${v.product}/`, { model: 'M2' })).status).toBe(200);
    expect((await c.delete(`catalog/variants/${v.id}/`)).status).toBe(204);
    expect((await c.delete(`catalog/products/${v.product}/`)).status).toBe(204);
    expect((await c.delete(`catalog/units/${unit.id}/`)).status).toBe(204);
  });
});

describe('without a token', () => {
  it('answers 401 to reads and writes', async () => {
    const anon = new ApiClient(t.url);
    for (const path of READS) expect((await anon.get(path)).status).toBe(401);
    expect((await anon.post('catalog/units/', { name: 'x', measure: 'KG' })).status).toBe(401);
  });
});
