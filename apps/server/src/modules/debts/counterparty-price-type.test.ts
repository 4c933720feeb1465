import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { auditOf } from '../../../test/factories.ts';
import { signInOutsider, startWithUsers } from '../../../test/harness.ts';
import { USD, UZS } from '../finance/finance.fixtures.ts';

// A counterparty's price type (DESIGN.md section 19: "a counterparty may carry its price type"):
// one of the business's price types or none, read and written as `price_type`, audited; another
// business's or a missing one is a field error in the reader's language.

const { t, as } = await startWithUsers(['Owner', 'Kassir'] as const);
const outsider = (await signInOutsider(t)).client;
afterAll(() => t.close());
const ru = { 'accept-language': 'ru' };
let retail: number;
let wholesale: number;
let foreign: number;

beforeAll(async () => {
  const make = async (client: ApiClient, name: string, currency: number) => {
    const res = await client.post('catalog/price-types/', { name, currency });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  retail = await make(as.Owner, 'Chakana', UZS);
  wholesale = await make(as.Owner, 'Ulgurji', USD);
  foreign = await make(outsider, 'Begona', UZS);
});

const PATH = 'crm/counterparties/';
const count = async () => (await as.Owner.get(PATH)).body.count as number;

describe("a counterparty's price type", () => {
  it('is none unless given, set by any user, read back in the card and the list, audited', async () => {
    const plain = await as.Kassir.post(PATH, { name: 'Oddiy mijoz' });
    expect(plain.status).toBe(201);
    expect(plain.body.price_type).toBeNull();
    const created = await as.Kassir.post(PATH, { name: 'Ulgurji mijoz', price_type: wholesale });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.price_type).toBe(wholesale);
    expect((await as.Owner.get(`${PATH}${created.body.id}/`)).body.price_type).toBe(wholesale);
    const listed = (await as.Owner.get(`${PATH}?search=Ulgurji`)).body.results;
    expect(listed.map((c: { price_type: number | null }) => c.price_type)).toEqual([wholesale]);
    expect((await auditOf(t.db, 'counterparty', created.body.id)).map((a) => a.summary)).toEqual([
      "Kontragent qo'shildi: Ulgurji mijoz (narx turi: Ulgurji)",
    ]);
  });

  it('is changed, kept when not sent, and cleared by null or an empty choice', async () => {
    const { id } = (await as.Kassir.post(PATH, { name: 'Almashuvchi mijoz', price_type: retail })).body;
    const changed = await as.Kassir.patch(`${PATH}${id}/`, { price_type: wholesale });
    expect(changed.status).toBe(200);
    expect(changed.body.price_type).toBe(wholesale);
    const kept = await as.Kassir.patch(`${PATH}${id}/`, { note: 'Har oy keladi' });
    expect(kept.body).toMatchObject({ price_type: wholesale, note: 'Har oy keladi' });
    expect((await as.Kassir.patch(`${PATH}${id}/`, { price_type: null })).body.price_type).toBeNull();
    await as.Kassir.patch(`${PATH}${id}/`, { price_type: `${retail}` });
    expect((await as.Kassir.patch(`${PATH}${id}/`, { price_type: '' })).body.price_type).toBeNull();
    const lines = (await auditOf(t.db, 'counterparty', id)).map((a) => a.summary);
    expect(lines).toEqual([
      "Kontragent qo'shildi: Almashuvchi mijoz (narx turi: Chakana)",
      "Kontragent o'zgartirildi: Almashuvchi mijoz (narx turi: Ulgurji)",
      "Kontragent o'zgartirildi: Almashuvchi mijoz",
      "Kontragent o'zgartirildi: Almashuvchi mijoz (narx turi: yo'q)",
      "Kontragent o'zgartirildi: Almashuvchi mijoz (narx turi: Chakana)",
      "Kontragent o'zgartirildi: Almashuvchi mijoz (narx turi: yo'q)",
    ]);
    const inRussian = (await as.Owner.get(`audit/?entity=counterparty&entity_id=${id}`, ru)).body.results;
    expect(inRussian[0].summary).toBe('Контрагент изменён: Almashuvchi mijoz (тип цены: нет)');
  });

  it("refuses another business's price type or a missing one with a field error, and writes nothing", async () => {
    const before = await count();
    for (const price_type of [foreign, 999_999]) {
      const res = await as.Kassir.post(PATH, { name: 'Begona narxli', price_type });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.price_type).toEqual([`Noto'g'ri ID "${price_type}": bunday obyekt yo'q.`]);
    }
    expect(await count()).toBe(before);
    const { id } = (await as.Kassir.post(PATH, { name: 'Chakana mijoz', price_type: retail })).body;
    const inRussian = await as.Kassir.request('PATCH', `${PATH}${id}/`, { price_type: foreign }, ru);
    expect(inRussian.status).toBe(400);
    expect(inRussian.body.price_type).toEqual([`Объект с ID «${foreign}» не найден.`]);
    for (const price_type of [0, -1, 'abc', 1.5, {}]) {
      const res = await as.Kassir.patch(`${PATH}${id}/`, { price_type });
      expect(res.status, JSON.stringify(price_type)).toBe(400);
      expect(res.body.price_type, JSON.stringify(price_type)).toBeDefined();
    }
    expect((await as.Owner.get(`${PATH}${id}/`)).body.price_type).toBe(retail);
    expect((await auditOf(t.db, 'counterparty', id)).length).toBe(1);
  });

  it("is never set on another business's counterparty", async () => {
    const { id } = (await as.Kassir.post(PATH, { name: 'Bizning mijoz' })).body;
    expect((await outsider.patch(`${PATH}${id}/`, { price_type: foreign })).status).toBe(404);
    expect((await as.Owner.get(`${PATH}${id}/`)).body.price_type).toBeNull();
  });
});
