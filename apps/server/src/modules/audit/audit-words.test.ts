import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_ACTIONS, LANGUAGES, msg } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers, type TestUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { tr } from '../../lib/texts.ts';
import { createColor, createProduct, createSize, createVariant } from '../catalog/catalog.fixtures.ts';
import { fund, USD } from '../finance/finance.fixtures.ts';
import { ACTION_TEXTS } from './audit-words.ts';

// History in words (DESIGN.md section 16): each row names its object, an offer's change of state,
// and the CSV carries the codes and the words in the reader's language.

type Name = 'Owner' | 'manager' | 'Kassir' | 'Omborchi' | 'Bozorchi';
let t: TestApp;
let as: Record<Name, ApiClient>;
let users: Record<Name, TestUser>;
let approved: number;
let canceledDraft: number;
let canceledPending: number;
let variant: { id: number; product: number; sku: string };
let colorId: number;
let counterpartyId: number;

async function moneyOffer(reason: string): Promise<number> {
  const res = await as.Kassir.post('offers/offers/', {
    from_user: users.Kassir.id,
    to_user: users.manager.id,
    money_lines: [{ currency: USD, amount: '1' }],
    reason_text: reason,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  t = await startTestApp();
  ({ as, users } = await createSignedInUsers(t.db, t.url, [
    'Owner',
    'manager',
    'Kassir',
    'Omborchi',
    'Bozorchi',
  ] as const));
  await fund(t.db, users.Kassir, USD, '100');
  approved = await moneyOffer('Avans uchun pul');
  await as.Kassir.post(`offers/offers/${approved}/submit/`);
  await as.manager.post(`offers/offers/${approved}/approve/`);
  canceledDraft = await moneyOffer('Qoralama bekor');
  await as.Kassir.post(`offers/offers/${canceledDraft}/cancel/`);
  canceledPending = await moneyOffer('Yuborilgan bekor');
  await as.Kassir.post(`offers/offers/${canceledPending}/submit/`);
  await as.Kassir.post(`offers/offers/${canceledPending}/cancel/`);
  const color = await createColor(as.Omborchi, { name: 'Oq' });
  colorId = color.id;
  const size = await createSize(as.Omborchi, { size: 'M', label: '' });
  const product = await createProduct(as.Omborchi, { name: "Ko'ylak", model: 'KL-01' });
  variant = await createVariant(as.Omborchi, { product: product.id, color: color.id, size: size.id });
  const gone = await createColor(as.Omborchi, { name: 'Yashil' });
  expect((await as.Omborchi.delete(`catalog/colors/${gone.id}/`)).status).toBe(204);
  const cp = await as.Bozorchi.post('crm/counterparties/', { name: 'Anvar aka', phone: '+998 90 123-45-67' });
  expect(cp.status, JSON.stringify(cp.body)).toBe(201);
  counterpartyId = cp.body.id;
});
afterAll(() => t.close());

const rows = async (query: string) => {
  const res = await as.Owner.get(`audit/?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results as Array<Record<string, any>>;
};

describe('the listing names each object, keeping the codes', () => {
  it("an offer's change of state, a cancel from where it was", async () => {
    const [approve] = await rows(`action=offer.approve&entity_id=${approved}`);
    expect(approve).toMatchObject({
      action: 'offer.approve',
      entity: 'offer',
      entity_id: String(approved),
      object_label: null,
      object_exists: true,
      object_parent_id: null,
      status_from: 'PENDING',
      status_to: 'APPROVED',
    });
    const [fromDraft] = await rows(`action=offer.cancel&entity_id=${canceledDraft}`);
    expect([fromDraft?.status_from, fromDraft?.status_to]).toEqual(['DRAFT', 'CANCELED']);
    const [fromPending] = await rows(`action=offer.cancel&entity_id=${canceledPending}`);
    expect([fromPending?.status_from, fromPending?.status_to]).toEqual(['PENDING', 'CANCELED']);
    const [created] = await rows(`action=offer.create&entity_id=${approved}`);
    expect([created?.status_from, created?.status_to]).toEqual([null, null]);
  });

  it('a variant by its label and its product, a colour, a counterparty and a person by name', async () => {
    const [v] = await rows(`action=catalog.variant.create&entity_id=${variant.id}`);
    expect(v).toMatchObject({
      object_label: "Ko'ylak KL-01 / Oq / M",
      object_exists: true,
      object_parent_id: variant.product,
    });
    const [c] = await rows(`action=catalog.color.create&entity_id=${colorId}`);
    expect(c?.object_label).toBe('Oq');
    const [cp] = await rows(`action=counterparty.create&entity_id=${counterpartyId}`);
    expect(cp?.object_label).toBe('Anvar aka');
    const [login] = await rows(`action=auth.login&entity_id=${users.manager.id}`);
    expect(login).toMatchObject({ entity: 'user', object_label: 'manager Test', object_exists: true });
  });

  it('a deleted object has no name and no page, its codes stay', async () => {
    const deleted = await rows('action=catalog.color.delete');
    expect(deleted[0]).toMatchObject({ entity: 'color', object_label: null, object_exists: false });
    expect(deleted[0]?.entity_id).toMatch(/^\d+$/);
  });
});

describe('the CSV carries the codes and the words', () => {
  const csv = async (query: string, language: string) => {
    const res = await fetch(`${t.url}/api/audit/?format=csv&${query}`, {
      headers: { authorization: `Bearer ${as.Owner.token}`, 'accept-language': language },
    });
    expect(res.status).toBe(200);
    return (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  };

  it('in Russian and in Uzbek', async () => {
    const header =
      'id,created_at,actor,action,entity,entity_id,summary,ip,action_text,object_text,status_text';
    const ru = await csv(`action=offer.approve&entity_id=${approved}`, 'ru');
    expect(ru[0]).toBe(header);
    expect(ru[1]).toContain(`,offer.approve,offer,${approved},`);
    expect(ru[1]).toMatch(
      new RegExp(`,Одобрил предложение,Предложение №${approved},НА РАССМОТРЕНИИ → ОДОБРЕНО$`),
    );
    const uz = await csv(`action=catalog.variant.create&entity_id=${variant.id}`, 'uz');
    expect(uz[0]).toBe(header);
    expect(uz[1]).toMatch(/,Variant qo'shdi,Ko'ylak KL-01 \/ Oq \/ M,$/);
  });
});

describe("a summary's change of state in words", () => {
  it("reads the statuses as the offers' pages name them, codes only where spec.md has them (uz)", async () => {
    const summary = async (language: string) => {
      const res = await fetch(`${t.url}/api/audit/?action=offer.cancel&entity_id=${canceledPending}`, {
        headers: { authorization: `Bearer ${as.Owner.token}`, 'accept-language': language },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { results: Array<{ summary: string }> }).results[0]?.summary;
    };
    expect(await summary('ru')).toBe(`Предложение №${canceledPending}: НА РАССМОТРЕНИИ -> ОТМЕНЕНО`);
    expect(await summary('uz')).toBe(`Taklif #${canceledPending}: PENDING -> CANCELED`);
  });
});

describe('every action code has its phrase', () => {
  const HERE = path.dirname(fileURLToPath(import.meta.url));
  const web = (language: string) =>
    JSON.parse(
      readFileSync(path.resolve(HERE, `../../../../web/src/i18n/messages/${language}/history.json`), 'utf8'),
    ) as Record<string, string>;
  const keyOf = (code: string) =>
    `history.action.${code.replace(/[._-](\w)/g, (_, c: string) => c.toUpperCase())}`;

  it("the CSV's phrase is the page's, in every language", () => {
    for (const language of LANGUAGES) {
      const catalogue = web(language);
      for (const code of AUDIT_ACTIONS) {
        expect(tr(language, msg(ACTION_TEXTS[code])), `${language} ${code}`).toBe(catalogue[keyOf(code)]);
      }
    }
  });
});
