import { expect, type Locator, type Page } from '@playwright/test';
import type { apiAs } from '../fixtures.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;

/** A new product with `count` variants whose SKUs start with a unique tag (catalogue API). */
export async function createTaggedVariants(api: Api, tag: string, count: number) {
  const units = await (await api.get('catalog/units/')).json();
  const colors = await (await api.get('catalog/colors/')).json();
  const product = await api.post('catalog/products/', {
    name: `E2E ${tag}`,
    model: 'M',
    code: Number.parseInt(tag.replace(/\D/g, '').slice(-9) || '1', 10),
    unit: units[0].id,
    type: 'FINISHED',
  });
  expect(product.status(), 'product created').toBe(201);
  const productId = (await product.json()).id;
  const variants: Array<{ id: number; sku: string }> = [];
  for (let i = 1; i <= count; i++) {
    const res = await api.post('catalog/variants/', {
      product: productId,
      sku: `${tag}-${i}`,
      color: colors[i % colors.length]?.id ?? null,
    });
    expect(res.status(), 'variant created').toBe(201);
    const body = await res.json();
    variants.push({ id: body.id, sku: body.sku });
  }
  return variants;
}

/** The receipt / issue modal (spec.md section 5, Stock entry and Stock exit). */
export class StockForm {
  readonly dialog: Locator;
  readonly quantity: Locator;
  readonly price: Locator;
  readonly save: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    priceLabel: RegExp,
  ) {
    this.dialog = page.getByRole('dialog');
    this.quantity = this.dialog.getByLabel('Miqdor *');
    this.price = this.dialog.getByLabel(priceLabel);
    this.save = this.dialog.getByRole('button', { name: 'Saqlash' });
    this.error = this.dialog.getByRole('alert');
  }

  async pickVariant(sku: string): Promise<void> {
    await this.dialog.getByLabel('Variant *').fill(sku);
    await this.dialog
      .getByRole('list', { name: 'Variantlar' })
      .getByRole('button')
      .filter({ hasText: sku })
      .first()
      .click();
    await expect(this.dialog.getByTestId('variant-selected')).toContainText(sku);
  }
}

/** /buy and /sell: the list and its '+ ...' button. */
export class StockListPage {
  constructor(
    readonly page: Page,
    readonly path: '/buy' | '/sell',
  ) {}

  get openButton(): Locator {
    return this.page.getByRole('button', { name: this.path === '/buy' ? '+ Yangi Kirim' : '+ New Exit' });
  }

  rows(sku: string): Locator {
    return this.page.getByTestId(this.path === '/buy' ? 'entry-row' : 'exit-row').filter({ hasText: sku });
  }

  async open(): Promise<StockForm> {
    await this.page.goto(this.path);
    await this.openButton.click();
    return new StockForm(this.page, this.path === '/buy' ? /Tannarx/ : /Sotish narxi/);
  }
}

/** /inventory (spec.md section 2, Inventory). */
export class InventoryPage {
  readonly search: Locator;
  readonly rows: Locator;
  readonly reset: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByLabel('Qidirish');
    this.rows = page.getByTestId('inventory-row');
    this.reset = page.getByRole('button', { name: 'Tozalash' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/inventory');
    await expect(this.page.getByRole('heading', { name: 'Balansdagi mahsulotlar' })).toBeVisible();
  }

  sortBy(column: string): Promise<void> {
    return this.page.getByRole('columnheader', { name: column }).getByRole('button').click();
  }

  async quantities(): Promise<string[]> {
    return this.rows.locator('td:nth-child(5)').allInnerTexts();
  }
}
