import { expect, type Locator, type Page } from '@playwright/test';
import { openTab } from './shell.ts';

/** The /catalog section (spec.md section 2, Catalog): header tabs, product sub-tabs, table, modals. */
export class CatalogPage {
  readonly headerTabs: Locator;
  readonly productTabs: Locator;
  readonly search: Locator;
  readonly addProduct: Locator;
  readonly dialog: Locator;
  readonly backdrop: Locator;

  constructor(readonly page: Page) {
    this.headerTabs = page.getByRole('navigation', { name: "Katalog bo'limlari" });
    this.productTabs = page.getByRole('navigation', { name: 'Mahsulot turlari' });
    this.search = page.getByRole('searchbox', { name: 'Qidirish' });
    this.addProduct = page.getByRole('button', { name: "Mahsulot qo'shish" });
    this.dialog = page.getByRole('dialog');
    this.backdrop = page.getByTestId('modal-backdrop');
  }

  async open(path = '/catalog/products'): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('table', { name: 'Mahsulotlar' })).toBeVisible();
  }

  async openProductTab(label: string): Promise<void> {
    await openTab(this.productTabs.getByRole('link', { name: label }));
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  async fillProduct(values: { name?: string; model?: string; code?: string; unit?: string; type?: string }) {
    const d = this.dialog;
    if (values.name !== undefined) await d.getByLabel('Nomi').fill(values.name);
    if (values.model !== undefined) await d.getByLabel('Model').fill(values.model);
    if (values.code !== undefined) await d.getByLabel('Kod').fill(values.code);
    if (values.unit !== undefined) await d.getByLabel("O'lchov birligi").selectOption({ label: values.unit });
    if (values.type !== undefined) await d.getByLabel('Turi').selectOption({ label: values.type });
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Saqlash' }).click();
  }

  /** Opens the variants of a product row. */
  async toggleVariants(name: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `${name} variantlari` }).click();
    return this.page.locator('[data-testid^="variants-"]').last();
  }
}
