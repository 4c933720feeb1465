import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs, DEMO } from '../fixtures.ts';
import { createTaggedVariants, stockTheTrader } from './stock-pages.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;

export const docTag = () =>
  `DC${Date.now().toString().slice(-7)}${randomBytes(2).toString('hex').toUpperCase()}`;

/**
 * Variants of a new product, each priced in a UZS price list of the test's own, with `stock` of
 * each on the Bozorchi's balance (received by the Ta'minotchi and sent through an approved offer).
 * The list is not the business's default, which another spec changes (docs/testing.md): the test's
 * customers carry it, and a sale to one of them is priced from it (DESIGN.md section 19).
 */
export async function pricedStock(page: Page, tag: string, prices: string[], stock: string) {
  const owner = await apiAs(page, DEMO.owner);
  const keeper = await apiAs(page, DEMO.omborchi);
  const made = await owner.post('catalog/price-types/', { name: `Narx ${tag}`, currency: 2 });
  expect(made.status(), 'price type created').toBe(201);
  const priceType = ((await made.json()) as { id: number }).id;
  const variants = await createTaggedVariants(keeper, tag, prices.length);
  for (const [i, v] of variants.entries()) {
    const set = await owner.put(`catalog/variants/${v.id}/prices/`, {
      prices: [{ price_type: priceType, price: prices[i] }],
    });
    expect(set.status(), 'price set').toBe(200);
    await stockTheTrader(page, v.id, stock);
  }
  return { variants, priceType };
}

export async function createCounterparty(
  api: Api,
  name: string,
  kind: 'CUSTOMER' | 'SUPPLIER',
  priceType: number | null = null,
) {
  const res = await api.post('crm/counterparties/', { name, kind, price_type: priceType });
  expect(res.status(), 'counterparty created').toBe(201);
  return (await res.json()) as { id: number; name: string };
}

/** The counter, /sell/new (DESIGN.md section 19). */
export class CounterPage {
  readonly picker: Locator;
  readonly sell: Locator;
  readonly total: Locator;

  constructor(readonly page: Page) {
    this.picker = page.getByLabel("Tovar qo'shish (skaner yoki qidiruv)");
    this.sell = page.getByRole('button', { name: 'Sotish', exact: true });
    this.total = page.getByTestId('counter-total');
  }

  async open() {
    await this.page.goto('/sell/new');
    await expect(this.page.getByRole('heading', { name: 'Yangi sotuv' })).toBeVisible();
    return this;
  }

  line(sku: string): Locator {
    return this.page.locator(`[data-testid="edit-line"][data-sku="${sku}"]`);
  }

  async add(sku: string) {
    await this.picker.fill(sku);
    await this.page
      .getByRole('list', { name: 'Variantlar' })
      .getByRole('button')
      .filter({ hasText: sku })
      .click();
    await expect(this.line(sku)).toBeVisible();
  }

  async chooseCustomer(label: string, name: string) {
    const field = this.page.getByLabel(label);
    await field.fill(name);
    await this.page
      .getByRole('list', { name: 'Kontragentlar' })
      .getByRole('button')
      .filter({ hasText: name })
      .click();
  }
}
