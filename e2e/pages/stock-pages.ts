import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs, DEMO } from '../fixtures.ts';

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

/** The Ta'minotchi receives goods and sends them to the Bozorchi through an approved offer. */
export async function stockTheTrader(page: Page, variantId: number, qty: string) {
  const supplier = await apiAs(page, DEMO.taminotchi);
  const trader = await apiAs(page, DEMO.bozorchi);
  const me = await (await trader.get('auth/whoami/')).json();
  const supplierMe = await (await supplier.get('auth/whoami/')).json();
  expect(
    (
      await supplier.post('inventory/stocks-entry/', {
        variant: variantId,
        qty_received: qty,
        unit_cost: '5',
        currency: 1,
      })
    ).status(),
  ).toBe(201);
  const offer = await supplier.post('offers/offers/', {
    from_user: supplierMe.id,
    to_user: me.id,
    item_lines: [{ variant: variantId, quantity: qty }],
    reason_text: 'E2E tovar yuborish',
  });
  const id = (await offer.json()).id;
  expect((await supplier.post(`offers/offers/${id}/submit/`, {})).status()).toBe(200);
  expect((await trader.post(`offers/offers/${id}/approve/`, {})).status()).toBe(200);
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
