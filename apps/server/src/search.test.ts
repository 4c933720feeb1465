import { searchFold, UZBEK_APOSTROPHES } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../test/client.ts';
import { createSignedInUsers, createUser } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { createColor, createProduct, createVariant, uniq } from './modules/catalog/catalog.fixtures.ts';

// DESIGN.md section 14: every search box treats the Uzbek apostrophes alike (o' o` oʻ oʼ o‘ o’ o´),
// whichever a text was written with and whichever the person types.

let t: TestApp;
let owner: ApiClient;
let kassir: ApiClient;
let businessId: number;
const forms = [...UZBEK_APOSTROPHES];

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ['Owner', 'Kassir']);
  owner = setup.as.Owner;
  kassir = setup.as.Kassir;
  businessId = setup.businessId;
});
afterAll(() => t.close());

/** The text with its apostrophes written as `form`. */
const written = (text: string, form: string) => text.replace(/'/g, form);

describe('search with the Uzbek apostrophes', () => {
  it('folds a text in SQL as the server folds the term (search_fold = searchFold)', async () => {
    const text = `G'OZAL ${forms.map((f) => `o${f}g${f}`).join(' ')} Ko'K`;
    const { rows } = await sql<{ folded: string }>`SELECT search_fold(${text}) AS folded`.execute(t.db);
    expect(rows[0]?.folded).toBe(searchFold(text));
    expect(searchFold(text)).toBe(`g'ozal ${forms.map(() => "o'g'").join(' ')} ko'k`);
  });

  it('finds a variant by its product name in any apostrophe', async () => {
    const tag = uniq('x').toLowerCase();
    const product = await createProduct(owner, { name: `Oʻzbek doʻppi ${tag}` });
    const variant = await createVariant(owner, { product: product.id });
    for (const form of forms) {
      const term = written(`o'zbek do'ppi ${tag}`, form);
      const found = (await owner.get(`catalog/variants/?search=${encodeURIComponent(term)}`)).body;
      expect(
        found.map((v: { id: number }) => v.id),
        form,
      ).toEqual([variant.id]);
    }
  });

  it('finds a counterparty, a money row by its reason, a user and a history row', async () => {
    const tag = uniq('y').toLowerCase();
    expect(
      (await owner.post('crm/counterparties/', { name: `Gʻayrat ${tag}`, kind: 'CUSTOMER' })).status,
    ).toBe(201);
    const income = await kassir.post('finance/money-transactions/external-transaction/', {
      currency: 'UZS',
      amount: '1000',
      reason_text: `Choʻntak puli ${tag}`,
      is_income: true,
    });
    expect(income.status, JSON.stringify(income.body)).toBe(201);
    await createColor(owner, { name: `Qoʻngʻir ${tag}`, code: '#7C4A2D' });
    const user = await createUser(t.db, { businessId, role: 'Bozorchi', first_name: `Oʻlmas${tag}` });
    for (const form of forms) {
      const users = await owner.get(
        `admin/users/?search=${encodeURIComponent(written(`o'lmas${tag}`, form))}`,
      );
      expect(
        users.body.map((u: { id: number }) => u.id),
        form,
      ).toEqual([user.id]);
      const counterparties = await owner.get(
        `crm/counterparties/?search=${encodeURIComponent(written(`g'ayrat ${tag}`, form))}`,
      );
      expect(counterparties.body.count, form).toBe(1);
      const rows = await kassir.get(
        `finance/money-transactions/by-user/?search=${encodeURIComponent(written(`cho'ntak puli ${tag}`, form))}`,
      );
      expect(rows.body.count, form).toBe(1);
      const history = await owner.get(
        `audit/?search=${encodeURIComponent(written(`qo'ng'ir ${tag}`, form))}`,
      );
      expect(
        history.body.results.map((r: { action: string }) => r.action),
        form,
      ).toEqual(['catalog.color.create']);
    }
    // The characters of a regular expression are literal.
    expect(
      (await kassir.get(`finance/money-transactions/by-user/?search=${encodeURIComponent(`.*${tag}`)}`)).body
        .count,
    ).toBe(0);
  });
});
