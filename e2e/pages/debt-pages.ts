import { expect, type Locator, type Page } from '@playwright/test';

/** An amount as the app writes it ("1 200.5 USD") in hundredths, for arithmetic in a test. */
export function cents(text: string): number {
  const match = /-?[\d\s\u00a0]+(?:\.\d+)?/.exec(text.replace(/[^\d.\s\u00a0-]/g, ' ').trim());
  if (!match) throw new Error(`no amount in "${text}"`);
  return Math.round(Number(match[0].replace(/[\s\u00a0]/g, '')) * 100);
}

/** /counterparties (DESIGN.md section 12): search, kind filter, the table and its dialogs. */
export class CounterpartiesPage {
  readonly search: Locator;
  readonly kind: Locator;
  readonly rows: Locator;
  readonly dialog: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByLabel('Qidirish');
    this.kind = page.getByLabel('Turi', { exact: true });
    this.rows = page.getByTestId('counterparty-row');
    this.dialog = page.getByRole('dialog');
    this.notice = page.getByRole('status').filter({ hasText: /qo'shildi|saqlandi|o'chirildi/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/counterparties');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Kontragentlar' })).toBeVisible();
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** The form dialog's fields (new or edit). */
  field(label: 'Nomi *' | 'Turi' | 'Telefon' | 'STIR' | 'Izoh'): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }
}

/** The pay dialog of a debt (DESIGN.md section 12). */
export class PayDialog {
  readonly dialog: Locator;
  readonly amount: Locator;
  readonly reason: Locator;
  readonly save: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
    this.amount = this.dialog.getByLabel(/^Summa \(/);
    this.reason = this.dialog.getByLabel('Izoh (ixtiyoriy)');
    this.save = this.dialog.getByRole('button', { name: 'Saqlash' });
    this.error = this.dialog.getByRole('alert');
  }
}

/** A debt's row in a debts table, by its id. */
export function debtRow(page: Page, id: number): Locator {
  return page.locator(`[data-testid="debt-row"][data-debt-id="${id}"]`);
}

/** Opens the pay dialog of a debt from its row. */
export async function openPayDialog(page: Page, id: number): Promise<PayDialog> {
  await debtRow(page, id)
    .getByRole('button', { name: `To'lov #${id}` })
    .click();
  const dialog = new PayDialog(page);
  await expect(dialog.dialog).toBeVisible();
  return dialog;
}
