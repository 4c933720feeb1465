import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, apiSignIn, DEMO, expect, holdLock, releaseLocks, test } from '../fixtures.ts';
import { CounterpartiesPage, cents, debtRow, openPayDialog } from '../pages/debt-pages.ts';
import { BalancesPage, TransactionsPage } from '../pages/money-pages.ts';
import { daysBefore, ReportPage, tashkentToday } from '../pages/report-pages.ts';
import { createTaggedVariants, StockListPage, stockTheTrader } from '../pages/stock-pages.ts';

// DESIGN.md section 12: counterparties and the debt book (nasiya). Every test makes its own
// uniquely named counterparties and goods, so the demo's debt book never decides an outcome; no
// debt made here is overdue (the dashboard's overdue list belongs to the seed).

const tag = () => `${Date.now().toString().slice(-7)}${randomBytes(2).toString('hex').toUpperCase()}`;
/** A due date a month ahead, YYYY-MM-DD. */
const nextMonth = () => daysBefore(tashkentToday(), -30);

/** The USD balance card of the signed-in user (Balans: / for everyone but the viewers of the whole business). */
async function usdBalance(page: Page): Promise<number> {
  const balances = new BalancesPage(page);
  await page.goto('/');
  await expect(balances.card('USD')).toBeVisible();
  return cents((await balances.card('USD').innerText()).replace('USD', ''));
}

test.afterEach(releaseLocks);

test('a sale on credit opens a debt; two payments close it and the payer gets the money', async ({
  page,
}) => {
  // The Bozorchi's USD balance is measured: no counter sale may move it meanwhile.
  await holdLock('bozorchi-cash');
  const t = tag();
  const customer = `E2E Mijoz ${t}`;
  const [variant] = await createTaggedVariants(await apiAs(page, DEMO.omborchi), `E2EN${t}`, 1);
  await stockTheTrader(page, variant!.id, '5');
  await apiSignIn(page, DEMO.bozorchi);
  const before = await usdBalance(page);

  // The Sell form: "Nasiyaga" asks for a counterparty (the shared rule's text), made on the spot.
  const sell = new StockListPage(page, '/sell');
  const form = await sell.open();
  await form.pickVariant(variant!.sku);
  await form.quantity.fill('2');
  await form.price.fill('7.50');
  await expect(form.dialog.getByLabel('Kontragent *')).toHaveCount(0);
  await form.dialog.getByLabel('Nasiyaga').check();
  await form.save.click();
  await expect(form.error).toHaveText('Nasiya uchun kontragentni tanlang.');
  await expect(form.dialog.getByLabel('Nasiya summasi')).toHaveValue('15 USD');
  await form.dialog.getByLabel('Kontragent *').fill(customer);
  await form.dialog.getByRole('button', { name: `+ yangi kontragent: «${customer}»` }).click();
  await expect(form.dialog.getByTestId('counterparty-selected')).toContainText(customer);
  await form.dialog.getByLabel("To'lov muddati").fill(nextMonth());
  await form.save.click();
  await expect(form.dialog).toBeHidden();
  await expect(sell.rows(variant!.sku)).toHaveCount(1);

  // The debt is on the counterparty's card, found by a search.
  const list = new CounterpartiesPage(page);
  await list.goto();
  await list.search.fill(t);
  await expect(list.rows).toHaveCount(1);
  await expect(list.row(customer)).toContainText('15');
  await list.row(customer).getByRole('link', { name: customer }).click();
  await expect(page.getByRole('heading', { level: 1, name: customer })).toBeVisible();
  const row = page.getByTestId('debt-row');
  await expect(row).toHaveCount(1);
  const id = Number(await row.getAttribute('data-debt-id'));
  await expect(row).toContainText('Olinadigan');
  await expect(row).toContainText('Ochiq');
  await expect(page.getByTestId('open-USD')).toContainText('15');

  // More than remains: the server's 409, shown as it came. Then a part, then the rest.
  let pay = await openPayDialog(page, id);
  await expect(pay.amount).toHaveValue('15.00');
  await pay.amount.fill('20');
  await pay.save.click();
  await expect(pay.error).toHaveText("To'lov qolgan qarzdan oshmasligi kerak: 15.00 USD qolgan.");
  await pay.amount.fill('6');
  await pay.reason.fill('Birinchi qism');
  await pay.save.click();
  await expect(pay.dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: "To'lov yozildi: 6 USD" })).toBeVisible();
  await expect(debtRow(page, id).locator('td').nth(4)).toHaveText('9.00 USD');

  pay = await openPayDialog(page, id);
  await expect(pay.amount).toHaveValue('9.00');
  await expect(pay.dialog.getByText('Birinchi qism')).toBeVisible();
  await pay.save.click();
  await expect(pay.dialog).toBeHidden();
  await expect(debtRow(page, id)).toContainText("To'langan");
  await expect(debtRow(page, id).getByRole('button', { name: `To'lov #${id}` })).toHaveCount(0);
  await expect(page.getByTestId('open-USD')).toHaveCount(0);
  // The statement: the sale, the two payments, back to nothing owed.
  const statement = page.getByTestId('statement-row');
  await expect(statement).toHaveCount(3);
  await expect(statement.nth(0)).toContainText('+15.00');
  await expect(statement.nth(1)).toContainText('Birinchi qism');
  await expect(statement.nth(2).locator('td').nth(4)).toHaveText('0.00 USD');

  // The payer's balance grew by what was paid, as DEBT ledger rows.
  expect(await usdBalance(page)).toBe(before + 1500);
  const transactions = new TransactionsPage(page);
  await transactions.goto();
  await transactions.filter('Turi').selectOption('DEBT');
  await expect(transactions.rows.first()).toContainText('QARZ');
  await expect(transactions.rows.first().locator('td').nth(1)).toHaveText('+9.00');
});

test('counterparties: add with the shared rules, search, filter by kind, edit; only administrators delete', async ({
  page,
  browser,
}) => {
  const t = tag();
  const name = `E2E Yetkazuvchi ${t}`;
  const tin = `9${t.replace(/\D/g, '').slice(-8).padStart(8, '0')}`;
  await apiSignIn(page, DEMO.bozorchi);
  const list = new CounterpartiesPage(page);
  await list.goto();

  await page.getByRole('button', { name: 'Yangi kontragent' }).click();
  await list.field('Nomi *').fill(name);
  await list.field('Turi').selectOption({ label: 'Yetkazib beruvchi' });
  await list.field('Telefon').fill('+998 90 abc');
  await list.field('STIR').fill('12345');
  await list.dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(list.dialog.getByText("STIR 9 ta raqamdan iborat bo'lishi kerak.")).toBeVisible();
  await expect(list.dialog.getByText(/Telefon raqamida faqat raqamlar/)).toBeVisible();
  await list.field('Telefon').fill('+998 71 200-00-00');
  await list.field('STIR').fill(tin);
  await list.dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(list.dialog).toBeHidden();
  await expect(list.notice).toHaveText(`«${name}» qo'shildi.`);

  // Found by its STIR; the kind filter keeps it among the suppliers only.
  await list.search.fill(tin);
  await expect(page).toHaveURL(new RegExp(`search=${tin}`));
  await expect(list.rows).toHaveCount(1);
  await expect(list.row(name)).toContainText('Yetkazib beruvchi');
  await list.kind.selectOption({ label: 'Mijoz' });
  await expect(list.rows).toHaveCount(0);
  await list.kind.selectOption({ label: 'Yetkazib beruvchi' });
  await expect(list.rows).toHaveCount(1);

  // Everyone edits; a Bozorchi has no delete.
  await expect(list.row(name).getByRole('button', { name: `O'chirish: ${name}` })).toHaveCount(0);
  await list
    .row(name)
    .getByRole('button', { name: `Tahrirlash: ${name}` })
    .click();
  await expect(list.field('STIR')).toHaveValue(tin);
  await list.field('Telefon').fill('+998 71 200-11-22');
  await list.field('Izoh').fill('Har oy ip olib keladi');
  await list.dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(list.dialog).toBeHidden();
  await expect(list.row(name)).toContainText('+998 71 200-11-22');

  // The Owner deletes: refused while a debt names it (the server's 409 detail), done once none does.
  const owner = await apiAs(page, DEMO.owner);
  const indebted = await (await owner.post('crm/counterparties/', { name: `E2E Qarzdor ${t}` })).json();
  const usd = (
    (await (await owner.get('finance/currencies/')).json()) as { id: number; code: string }[]
  ).find((c) => c.code === 'USD')!;
  const debt = await owner.post(
    'debts/',
    {
      counterparty: indebted.id,
      direction: 'RECEIVABLE',
      currency: usd.id,
      amount: '10',
      due_date: nextMonth(),
    },
    { 'Idempotency-Key': `e2e-${t}` },
  );
  expect(debt.status()).toBe(201);

  const context = await browser.newContext();
  const ownerPage = await context.newPage();
  await apiSignIn(ownerPage, DEMO.owner);
  const ownerList = new CounterpartiesPage(ownerPage);
  await ownerList.goto();
  await ownerList.search.fill(t);
  await expect(ownerList.rows).toHaveCount(2);
  await ownerList
    .row(indebted.name)
    .getByRole('button', { name: `O'chirish: ${indebted.name}` })
    .click();
  await ownerList.dialog.getByRole('button', { name: "O'chirish" }).click();
  await expect(ownerList.dialog.getByRole('alert')).toHaveText(
    `"${indebted.name}" o'chirilmaydi: unda 1 ta qarz yozilgan. Qarzlar tarixi saqlanadi.`,
  );
  await ownerList.dialog.getByRole('button', { name: 'Bekor qilish' }).click();
  await ownerList
    .row(name)
    .getByRole('button', { name: `O'chirish: ${name}` })
    .click();
  await expect(ownerList.dialog).toContainText("Bu amalni ortga qaytarib bo'lmaydi.");
  await ownerList.dialog.getByRole('button', { name: "O'chirish" }).click();
  await expect(ownerList.dialog).toBeHidden();
  await expect(ownerList.notice).toHaveText(`«${name}» o'chirildi.`);
  await expect(ownerList.rows).toHaveCount(1);
  await context.close();
});

test('a loan from /debts, its filters in the URL, and the dashboard link to the overdue debts', async ({
  page,
}) => {
  const t = tag();
  const name = `E2E Qarz oluvchi ${t}`;
  await apiSignIn(page, DEMO.kassir);
  const kassir = await apiAs(page, DEMO.kassir);
  await kassir.post('crm/counterparties/', { name, kind: 'BOTH' });

  await page.goto('/debts');
  await page.getByRole('button', { name: 'Yangi qarz' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog.getByText('Nasiya uchun kontragentni tanlang.')).toBeVisible();
  await dialog.getByLabel('Kontragent *').fill(t);
  const found = dialog.getByRole('list', { name: 'Kontragentlar' }).getByRole('button', { name });
  await expect(found).toBeVisible();
  await found.click();
  await dialog.getByLabel("Yo'nalish *").selectOption('PAYABLE');
  await dialog.getByLabel('Valyuta *').selectOption({ label: 'UZS' });
  await dialog.getByLabel('Summa *').fill('250000');
  await dialog.getByLabel("To'lov muddati").fill(nextMonth());
  await dialog.getByLabel('Izoh').fill('Qarzga olingan pul');
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /Qarz #\d+ yozildi/ })).toContainText(name);

  // Filters go to the URL: the payables of this counterparty.
  const direction = page.getByLabel("Yo'nalish", { exact: true });
  await direction.selectOption('PAYABLE');
  // React Router renders a URL change as a transition; the next filter is added to the search
  // params committed so far, so picked before this one is committed it would drop it.
  await expect(direction).toHaveValue('PAYABLE');
  await page.getByLabel('Kontragent', { exact: true }).fill(t);
  const option = page.getByRole('list', { name: 'Kontragentlar' }).getByRole('button', { name });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/direction=PAYABLE/);
  await expect(page).toHaveURL(/counterparty=\d+/);
  const rows = page.getByTestId('debt-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Beriladigan');
  await expect(rows).toContainText('250 000');
  await expect(page.getByTestId('debt-totals')).toContainText('250 000');
  // The Kassir records payments of every debt; a reload keeps the filters.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('counterparty-selected')).toContainText(name);
  await expect(rows.getByRole('button', { name: /^To'lov #/ })).toBeVisible();

  // The owner's dashboard links its overdue debts to /debts?status=OVERDUE.
  await apiSignIn(page, DEMO.owner);
  await page.goto('/dashboard');
  const overdue = page.getByTestId('overdue-debts').getByRole('link', { name: 'Qarzlar' });
  await expect(overdue).toHaveAttribute('href', '/debts?status=OVERDUE');
  // The dashboard may redraw its cards as live events arrive from other specs; a click that
  // lands on a card being replaced is made again.
  await expect(async () => {
    if (!page.url().endsWith('/debts?status=OVERDUE')) await overdue.click({ timeout: 2_000 });
    await expect(page).toHaveURL('/debts?status=OVERDUE', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByLabel('Holat')).toHaveValue('OVERDUE');
  await expect(page.getByTestId('debt-row').first()).toBeVisible();
  for (const status of await page.getByTestId('debt-row').locator('[data-tone]').allInnerTexts())
    expect(status).toBe("Muddati o'tgan");
});

test('the debts ageing report: a tab of the reports, by direction, with its totals and files', async ({
  page,
}) => {
  const t = tag();
  const name = `E2E Ageing ${t}`;
  const owner = await apiAs(page, DEMO.owner);
  const cp = await (await owner.post('crm/counterparties/', { name })).json();
  const usd = (
    (await (await owner.get('finance/currencies/')).json()) as { id: number; code: string }[]
  ).find((c) => c.code === 'USD')!;
  const made = await owner.post(
    'debts/',
    {
      counterparty: cp.id,
      direction: 'RECEIVABLE',
      currency: usd.id,
      amount: '42.50',
      due_date: nextMonth(),
    },
    { 'Idempotency-Key': `e2e-ageing-${t}` },
  );
  expect(made.status()).toBe(201);

  await apiSignIn(page, DEMO.owner);
  await page.goto('/reports/sales');
  const report = new ReportPage(page);
  await report.openTab('Qarzlar muddati');
  await expect(page).toHaveURL(/\/reports\/debts-ageing/);
  await expect(page.getByRole('button', { name: 'Olinadigan (bizga qarzdor)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const row = report.rows.filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // Not yet due: all of it in the first bucket and in the total.
  await expect(row.locator('td').nth(2)).toHaveText('42.50');
  await expect(row.locator('td').nth(7)).toHaveText('42.50');
  await expect(report.totals.filter({ hasText: 'USD' })).toBeVisible();
  await expect(page.getByLabel("Bo'lim")).toBeVisible();

  const csv = await report.download('CSV');
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.bytes.toString('utf8')).toContain(name);
  const xlsx = await report.download('Excel');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
  const pdf = await report.download('PDF');
  expect(pdf.bytes.subarray(0, 4).toString()).toBe('%PDF');

  // The other direction: what we owe, where this receivable is not.
  await page.getByRole('button', { name: 'Beriladigan (biz qarzdormiz)' }).click();
  await expect(page).toHaveURL(/direction=PAYABLE/);
  await expect(report.rows.filter({ hasText: name })).toHaveCount(0);
});
