import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { signInOutsider, startWithUsers, type TestApp } from '../../../test/harness.ts';
import { createVariants, giveStock, type TestVariant } from '../inventory/inventory.fixtures.ts';

// catalog/locations/ (DESIGN.md section 10): CRUD for the catalogue's writing roles, read for the
// rest, unique names in a business, 409 on deleting a location stock entries or exits name; and
// the entry and exit lists' location filter.

const ROLES = ['Owner', 'Omborchi', 'Bozorchi', 'Kassir', "Ta'minotchi"] as const;
type Name = (typeof ROLES)[number];
let t: TestApp;
let as: Record<Name, ApiClient>;
let businessId: number;
let traderId: number;
let variant: TestVariant;
let outsider: ApiClient;

beforeAll(async () => {
  const setup = await startWithUsers(ROLES);
  ({ t, as, businessId } = setup);
  traderId = setup.users.Bozorchi.id;
  [variant] = (await createVariants(t.db, businessId, 1)) as [TestVariant];
  outsider = (await signInOutsider(t)).client;
});
afterAll(() => t.close());

const PATH = 'catalog/locations/';

async function create(client: ApiClient, body: Record<string, unknown>) {
  const res = await client.post(PATH, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

describe('catalog/locations/', () => {
  it('creates, lists by name, replaces and deletes, each audited', async () => {
    const created = await as.Owner.post(PATH, {
      name: '  Asosiy ombor ',
      kind: 'WAREHOUSE',
      address: 'Yunusobod',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Asosiy ombor',
      kind: 'WAREHOUSE',
      address: 'Yunusobod',
      is_active: true,
    });
    const shop = await create(as.Omborchi, { name: "Chorsu do'koni", kind: 'SHOP' });
    const list = await as.Kassir.get(PATH);
    expect(list.status).toBe(200);
    expect(list.body.map((l: { name: string }) => l.name)).toEqual(['Asosiy ombor', "Chorsu do'koni"]);

    const replaced = await as.Bozorchi.put(`${PATH}${shop.id}/`, {
      name: "Chorsu do'koni",
      kind: 'SHOP',
      address: 'Eski shahar',
      is_active: false,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ address: 'Eski shahar', is_active: false });

    expect((await as.Owner.delete(`${PATH}${shop.id}/`)).status).toBe(204);
    expect((await as.Owner.get(PATH)).body).toHaveLength(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'location')
      .where('business_id', '=', businessId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'catalog.location.create',
      'catalog.location.create',
      'catalog.location.update',
      'catalog.location.delete',
    ]);
  });

  it('lets only the catalogue writing roles write (403), everyone signed in read', async () => {
    const body = { name: 'Sex 1', kind: 'WORKSHOP' };
    for (const role of ['Kassir', "Ta'minotchi"] as const) {
      expect((await as[role].post(PATH, body)).status).toBe(403);
      expect((await as[role].get(PATH)).status).toBe(200);
    }
    const location = await create(as.Owner, body);
    expect((await as.Kassir.put(`${PATH}${location.id}/`, body)).status).toBe(403);
    expect((await as.Kassir.delete(`${PATH}${location.id}/`)).status).toBe(403);
  });

  it('refuses a name the business already has, and bad fields, with field errors', async () => {
    await create(as.Owner, { name: 'Qo‘qon filiali', kind: 'OTHER' });
    const again = await as.Owner.post(PATH, { name: 'Qo‘qon filiali', kind: 'SHOP' });
    expect(again.status).toBe(400);
    expect(again.body.name).toEqual(['Bu nomli manzil allaqachon mavjud.']);
    // Another business may use the same name.
    expect((await outsider.post(PATH, { name: 'Qo‘qon filiali', kind: 'SHOP' })).status).toBe(201);

    const bad = await as.Owner.post(PATH, { name: '  ', kind: 'CASTLE', is_active: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.name).toEqual(["Bu maydon bo'sh bo'lishi mumkin emas."]);
    expect(bad.body.kind).toEqual(['Birini tanlang: WAREHOUSE, SHOP, MARKET, WORKSHOP yoki OTHER.']);
    expect(bad.body.is_active).toEqual(["Mantiqiy qiymat (ha yoki yo'q) bo'lishi kerak."]);
  });

  it("answers 404 for another business's location and for malformed ids", async () => {
    const mine = await create(as.Owner, { name: 'Maxfiy ombor', kind: 'WAREHOUSE' });
    expect((await outsider.put(`${PATH}${mine.id}/`, { name: 'X', kind: 'SHOP' })).status).toBe(404);
    expect((await outsider.delete(`${PATH}${mine.id}/`)).status).toBe(404);
    expect((await as.Owner.delete(`${PATH}0x${mine.id}/`)).status).toBe(404);
    expect((await outsider.get(PATH)).body.map((l: { name: string }) => l.name)).not.toContain(
      'Maxfiy ombor',
    );
  });

  it('refuses to delete a location a stock entry or exit names (409), and allows deactivating it', async () => {
    const market = await create(as.Owner, { name: 'Abu Saxiy bozori', kind: 'MARKET' });
    await giveStock(t.db, { businessId, departmentId: traderId, variantId: variant.id, qty: '5' });
    const exit = await as.Bozorchi.post('inventory/stocks-exit/', {
      variant: variant.id,
      qty_issued: '1',
      currency: 2,
      location: 'Abu Saxiy bozori',
    });
    expect(exit.status).toBe(201);
    const refused = await as.Owner.delete(`${PATH}${market.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      "Bu manzilni o'chirib bo'lmaydi: u 1 ta tovar kirimi va chiqimida ko'rsatilgan. Buning o'rniga uni nofaol qiling.",
    );
    const off = await as.Owner.put(`${PATH}${market.id}/`, {
      name: 'Abu Saxiy bozori',
      kind: 'MARKET',
      is_active: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
  });
});

describe('the entry and exit lists filter by location', () => {
  it('shows only the rows recorded at the location asked for', async () => {
    const supplier = as["Ta'minotchi"];
    const entry = (location: string) =>
      supplier.post('inventory/stocks-entry/', {
        variant: variant.id,
        qty_received: '2',
        unit_cost: '10',
        currency: 2,
        location,
      });
    expect((await entry('Ombor 1')).status).toBe(201);
    expect((await entry('Ombor 2')).status).toBe(201);
    expect((await entry('Ombor 1')).status).toBe(201);
    const one = await supplier.get('inventory/stocks-entry/?location=Ombor%201');
    expect(one.status).toBe(200);
    expect(one.body.map((e: { location: string }) => e.location)).toEqual(['Ombor 1', 'Ombor 1']);
    expect((await supplier.get('inventory/stocks-entry/')).body).toHaveLength(3);

    const exits = await as.Bozorchi.get('inventory/stocks-exit/?location=Abu%20Saxiy%20bozori');
    expect(exits.status).toBe(200);
    expect(exits.body).toHaveLength(1);
    expect((await as.Bozorchi.get('inventory/stocks-exit/?location=Yo%CA%BBq')).body).toEqual([]);
  });
});
