import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs, DEMO } from '../fixtures.ts';
import { createTaggedVariants, stockTheTrader } from './stock-pages.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;

export const docTag = () =>
  `DC${Date.now().toString().slice(-7)}${randomBytes(2).toString('hex').toUpperCase()}`;

/** The business's default price list (a UZS one made when there is none). */
export async function defaultPriceType(owner: Api): Promise<number> {
  const types = (await (await owner.get('catalog/price-types/')).json()) as Array<{
    id: number;
    is_default: boolean;
    currency: number;
  }>;
  const found = types.find((t) => t.is_default);
  if (found) {
    expect(found.currency, 'the default price list is in UZS').toBe(2);
    return found.id;
  }
  const made = await owner.post('catalog/price-types/', {
    name: `Chakana ${docTag()}`,
    currency: 2,
    is_default: true,
  });
  expect(made.status(), 'price type created').toBe(201);
  return (await made.json()).id;
}

/**
 * Variants of a new product with a price each in the default list, `stock` of each on the
 * Bozorchi's balance (received by the Ta'minotchi and sent through an approved offer).
 */
export async function pricedStock(page: Page, tag: string, prices: string[], stock: string) {
  const owner = await apiAs(page, DEMO.owner);
  const keeper = await apiAs(page, DEMO.omborchi);
  const priceType = await defaultPriceType(owner);
  const variants = await createTaggedVariants(keeper, tag, prices.length);
  for (const [i, v] of variants.entries()) {
    const set = await owner.put(`catalog/variants/${v.id}/prices/`, {
      prices: [{ price_type: priceType, price: prices[i] }],
    });
    expect(set.status(), 'price set').toBe(200);
    await stockTheTrader(page, v.id, stock);
  }
  return variants;
}

export async function createCounterparty(api: Api, name: string, kind: 'CUSTOMER' | 'SUPPLIER') {
  const res = await api.post('crm/counterparties/', { name, kind });
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
