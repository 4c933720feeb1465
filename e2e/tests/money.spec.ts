import { randomBytes } from 'node:crypto';
import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { BalancesPage, OffersPage, TransactionsPage } from '../pages/money-pages.ts';

// Money (spec.md sections 2, 4, 5 and 8): an exchange with its estimate, a cashier transaction,
// the transactions list, and an offer's whole life between two people. Shared demo data: the
// manager exchanges on its own balance, the Kassir records its own transactions, the offer goes
// from the owner to the manager with a reason no other spec uses.

const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

test('an exchange shows the live estimate, the required-fields error and the result', async ({ page }) => {
  await apiSignIn(page, DEMO.manager);
  const balances = new BalancesPage(page);
  await balances.goto();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO.manager);
  await expect(balances.card('USD')).toBeVisible();

  await balances.exchange.getByRole('button', { name: 'Almashtirish' }).click();
  await expect(balances.exchange.getByRole('alert')).toHaveText('Please fill required fields.');

  await balances.exchange.getByLabel('Qaysi valyutadan').selectOption({ label: 'USD' });
  // Choosing USD on one side sets UZS on the other (spec.md section 5).
  await expect(balances.exchange.getByLabel('Qaysi valyutaga')).toHaveValue('2');
  // The amount rule and its text are the server's, from the shared schema.
  await balances.exchange.getByLabel('Summa').fill('0');
  await balances.exchange.getByRole('button', { name: 'Almashtirish' }).click();
  await expect(balances.exchange.getByRole('alert')).toHaveText('Musbat summa kiriting.');
  await balances.exchange.getByLabel('Summa').fill('10');
  await expect(balances.exchange.getByRole('alert')).toHaveCount(0);
  await expect(balances.estimate).toHaveText('Taxminan: 126 500 UZS (kurs 12650)');
  await balances.exchange.getByLabel('Maxsus kurs (ixtiyoriy)').fill('13000');
  await expect(balances.estimate).toHaveText('Taxminan: 130 000 UZS (kurs 13000)');

  await balances.exchange.getByRole('button', { name: 'Almashtirish' }).click();
  const done = balances.exchange.getByRole('status');
  await expect(done).toContainText(/Almashtirish bajarildi\. Guruh: [0-9a-f-]{36}/);
  await expect(done).toContainText('Chiqim: 10 USD (1 USD = 13000 UZS)');
  await expect(done).toContainText('Kirim: 130 000 UZS (1 UZS = 1 UZS)');

  // 'Hammasi' fills the whole balance of the from-currency.
  await balances.exchange.getByRole('button', { name: 'Hammasi' }).click();
  const usd = await balances.card('USD').locator('p').nth(1).textContent();
  expect((await balances.exchange.getByLabel('Summa').inputValue()).replace(/\.?0+$/, '')).toBe(
    usd?.replace(/\s/g, ''),
  );
});

test("the Kassir's external transaction: toggle, validation, disabled button and success", async ({
  page,
}) => {
  await apiSignIn(page, DEMO.kassir);
  const balances = new BalancesPage(page);
  await balances.goto();
  const form = balances.external;
  const save = form.getByRole('button', { name: 'Saqlash' });
  await expect(save).toBeDisabled();
  await form.getByLabel('Summa').fill('25.5');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(form.getByRole('alert')).toHaveText('Please choose a currency.');

  await form.getByRole('button', { name: 'Chiqim' }).click();
  await expect(form.getByRole('button', { name: 'Chiqim' })).toHaveAttribute('aria-pressed', 'true');
  await form.getByLabel('Valyuta').selectOption('USD');
  await form.getByLabel('Sabab').fill('qisqa');
  await save.click();
  await expect(form.getByRole('alert')).toHaveText("Sabab kamida 8 ta belgidan iborat bo'lishi kerak.");
  await form.getByLabel('Sabab').fill(`E2E chiqim ${tag()}`);
  await save.click();
  const done = form.getByRole('status');
  await expect(done).toContainText(/Tranzaksiya #\d+ saqlandi\./);
  await expect(done).toContainText('Summa: -25.5 USD');
  await expect(done).toContainText('UZS da: -322 575 UZS');

  await form.getByLabel('Summa').fill('0');
  await expect(save).toBeDisabled();
  await page.goto('/transactions');
  await expect(new TransactionsPage(page).rows.first()).toContainText('-25.5');
});

test('the transactions list filters, paginates and jumps', async ({ page }) => {
  await apiSignIn(page, DEMO.kassir);
  const list = new TransactionsPage(page);
  await list.goto();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pul transaksiyalari');
  await expect(list.rows).toHaveCount(20);
  await expect(list.rows.first().locator('td').nth(3)).toHaveText(/^1 (USD|UZS) = \d+ UZS$/);
  await expect(page.getByLabel('Jump to page')).toBeVisible();

  await list.pageButton(2).click();
  await expect(list.currentPage()).toHaveText('2');
  await page.getByLabel('Jump to page').fill('5');
  await page.getByLabel('Jump to page').press('Enter');
  await expect(list.currentPage()).toHaveText('5');
  await expect(list.pagination.getByText('…').first()).toBeVisible();

  // A filter change reloads the list from page 1.
  await list.filter('Valyuta').selectOption('USD');
  await expect(list.currentPage()).toHaveText('1');
  await expect(list.rows.locator('td:nth-child(3)')).toHaveText(Array(20).fill('USD'));
  await list.filter('Summa').selectOption('Chiqim (-)');
  await expect(list.rows.first().locator('td').nth(1)).toHaveText(/^-/);
  await list.filter('Turi').selectOption('EXCHANGE');
  await list.filter('Saralash').selectOption("Summa ortishi bo'yicha");
  await expect(list.rows.first().locator('td').nth(6)).toHaveText(/^Almashti\.\.\.$/);

  await page.getByLabel('Qidirish').fill('no such reason at all');
  await expect(page.getByText('No transactions found')).toBeVisible();
  await expect(list.pagination).toHaveCount(0);
});

test("an offer's whole life between two people", async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const managerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const manager = await managerContext.newPage();
  await apiSignIn(owner, DEMO.owner);
  await apiSignIn(manager, DEMO.manager);
  const reason = `E2E taklif ${tag()}`;

  // The owner sends money to the manager: a new-money outcome.
  await owner.goto('/outcome');
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Chiqim (Owner)');
  await owner.getByRole('button', { name: 'Yangi pul' }).click();
  const offers = new OffersPage(owner);
  await offers.moneyForm.getByRole('button', { name: 'Yuborish' }).click();
  await expect(offers.moneyForm.getByRole('alert')).toHaveText("Barcha maydonlarni to'ldiring.");
  await offers.moneyForm
    .getByLabel("Qabul qiluvchi bo'lim")
    .selectOption({ label: 'MNG-01 — Malika Yusupova' });
  await offers.moneyForm.getByLabel('Valyuta').selectOption({ label: 'USD' });
  await offers.moneyForm.getByLabel('Summa').fill('12.345');
  await offers.moneyForm.getByRole('button', { name: 'Yuborish' }).click();
  await expect(offers.moneyForm.getByRole('alert')).toHaveText("Ko'pi bilan 2 ta kasr xonasi.");
  await offers.moneyForm.getByLabel('Summa').fill('12.34');
  await offers.moneyForm.getByLabel('Sabab').fill(reason);
  await offers.moneyForm.getByRole('button', { name: 'Yuborish' }).click();
  await expect(offers.moneyForm).toHaveCount(0);

  const api = await apiAs(owner, DEMO.owner);
  const mine = (await (await api.get('offers/offers/get_outcomes/')).json()) as Array<{
    id: number;
    reason: string;
  }>;
  const id = mine.find((o) => o.reason === reason)?.id as number;
  const row = offers.row(id);
  await expect(row).toContainText('12.34 USD');
  await expect(row).toContainText('DRAFT');
  await expect(row).toContainText(`${reason.slice(0, 8)}...`);
  await row.getByRole('button', { name: 'Yuborish' }).click();
  await expect(row).toContainText("JO'NATILDI");
  await expect(row.getByRole('button')).toHaveCount(0);

  // The manager sees it in Kirim and approves it; the money moves.
  await manager.goto('/income');
  const incoming = new OffersPage(manager).row(id);
  await expect(incoming).toContainText('PENDING');
  await expect(incoming.getByRole('button', { name: 'Rad etish' })).toBeVisible();
  await incoming.getByRole('button', { name: 'Tasdiqlash' }).click();
  await expect(incoming).toContainText('TASDIQLANDI');

  await owner.reload();
  await expect(offers.row(id)).toContainText('APPROVED');
  await expect(offers.row(id)).toContainText('TASDIQLANDI');
  await ownerContext.close();
  await managerContext.close();
});
