import type { Locator, Page } from '@playwright/test';

/** The Balances page (spec.md section 2): cards, the exchange form, the Kassir's form. */
export class BalancesPage {
  readonly exchange: Locator;
  readonly external: Locator;

  constructor(readonly page: Page) {
    this.exchange = page.getByRole('form', { name: 'Valyuta almashtirish' });
    this.external = page.getByRole('form', { name: 'Tashqi tranzaksiya' });
  }

  /** Balans is at / for every role (spec.md section 2). */
  goto() {
    return this.page.goto('/');
  }

  card(code: string): Locator {
    return this.page.getByTestId(`balance-${code}`);
  }

  get estimate(): Locator {
    return this.page.getByTestId('exchange-estimate');
  }
}

/** The Money transactions page (spec.md section 2). */
export class TransactionsPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly pagination: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table');
    this.rows = this.table.locator('tbody tr');
    this.pagination = page.getByRole('navigation', { name: 'Sahifalar' });
  }

  goto() {
    return this.page.goto('/transactions');
  }

  filter(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  pageButton(n: number): Locator {
    return this.pagination.getByRole('button', { name: `${n}-sahifa`, exact: true });
  }

  currentPage(): Locator {
    return this.pagination.locator('[aria-current="page"]');
  }
}

/** The Income and Outcome pages (spec.md section 2) and their offer rows. */
export class OffersPage {
  constructor(readonly page: Page) {}

  row(id: number): Locator {
    return this.page.getByTestId(`offer-${id}`);
  }

  get moneyForm(): Locator {
    return this.page.getByRole('form', { name: 'Yangi pul taklifi' });
  }
}
