import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { openTab } from './shell.ts';

/** Today in Asia/Tashkent (the business's days, DESIGN.md part two), YYYY-MM-DD. */
export function tashkentToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent' }).format(now);
}

/** The day `days` before `day`, YYYY-MM-DD. */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The dashboard (DESIGN.md section 11): figure cards, charts and lists. */
export class DashboardPage {
  readonly heading: Locator;
  readonly money: Locator;
  readonly stock: Locator;
  readonly sales: Locator;
  readonly offers: Locator;
  readonly flowChart: Locator;
  readonly salesChart: Locator;
  readonly lowStock: Locator;
  readonly overdueDebts: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: "Ko'rsatkichlar" });
    this.money = page.getByTestId('figure-money');
    this.stock = page.getByTestId('figure-stock');
    this.sales = page.getByTestId('figure-sales');
    this.offers = page.getByTestId('figure-offers');
    this.flowChart = page.getByTestId('chart-flow');
    this.salesChart = page.getByTestId('chart-sales');
    this.lowStock = page.getByTestId('low-stock');
    this.overdueDebts = page.getByTestId('overdue-debts');
  }

  /** A chart has drawn when recharts' SVG is in it (the chart module loads lazily). */
  drawn(chart: Locator): Locator {
    return chart.locator('svg.recharts-surface');
  }
}

/** One report page under /reports: its filters, table, totals and downloads. */
export class ReportPage {
  readonly rows: Locator;
  readonly totals: Locator;
  readonly table: Locator;
  /** The table's region: aria-busy while a new answer is on its way. */
  readonly section: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByTestId('report-table');
    this.rows = page.getByTestId('report-row');
    this.totals = page.getByTestId('report-totals');
    this.table = page.getByRole('table');
  }

  header(name: string | RegExp): Locator {
    return this.table.getByRole('columnheader', { name });
  }

  /** A tab of the reports area (Sotuvlar, Ombor harakati, Pul oqimi, Qarzlar muddati). */
  tab(label: string): Locator {
    return this.page.getByRole('navigation', { name: 'Hisobotlar' }).getByRole('link', { name: label });
  }

  async openTab(label: string): Promise<void> {
    await openTab(this.tab(label));
  }

  /** Clicks a download button and returns the file's suggested name and bytes. */
  async download(label: 'CSV' | 'Excel' | 'PDF'): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: `Yuklab olish (${label})` }).click(),
    ]);
    const path = await download.path();
    expect(path, `${label} saved`).toBeTruthy();
    return { name: download.suggestedFilename(), bytes: readFileSync(path) };
  }
}
