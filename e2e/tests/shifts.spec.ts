import { randomUUID } from 'node:crypto';
import { apiAs, apiSignIn, createPerson, DEMO, expect, test } from '../fixtures.ts';

// DESIGN.md section 22 on a phone: a Kassir of the test's own (no other spec reads its drawer)
// opens a shift counting its UZS note by note, closes it blind (no expected amount on screen
// before the count is sent) and sees the difference; the Owner finds that shift on /shifts with
// its difference and the cashier's totals, and its card. No shift is left open.

const PASSWORD = 'smena-parol-2026';

test.use({ viewport: { width: 375, height: 812 } });

test('a Kassir opens a shift by notes, closes it blind, and the Owner reads the difference', async ({
  page,
  browser,
}) => {
  const email = await createPerson(page, 'Kassir', 'Smenachi', PASSWORD);
  // The drawer holds 103 000 UZS before the shift: an external income of the new cashier's.
  const kassir = await apiAs(page, email, PASSWORD);
  const income = await kassir.post(
    'finance/money-transactions/external-transaction/',
    { currency: 'UZS', amount: '103000', reason_text: "Kassaga boshlang'ich pul", is_income: true },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(income.status(), 'external income').toBe(201);

  await apiSignIn(page, email, PASSWORD);
  await page.goto('/shift');
  await expect(page.getByRole('heading', { name: 'Smenani ochish' })).toBeVisible();

  // Opening: UZS counted note by note (2 × 50 000 + 3 × 1 000), the total live; USD left empty.
  const uzs = page.getByTestId('drawer-UZS');
  await uzs.getByRole('button', { name: "Kupyuralar bo'yicha sanash" }).click();
  await uzs.getByLabel('50 000 UZS', { exact: true }).fill('2');
  await uzs.getByLabel('1 000 UZS', { exact: true }).fill('3');
  await expect(page.getByTestId('drawer-total-UZS')).toContainText('103 000.00');
  await page.getByRole('button', { name: 'Smenani ochish' }).click();

  const open = page.getByTestId('open-shift');
  await expect(open).toBeVisible();
  await expect(open).toContainText("Boshlang'ich qoldiq, UZS");
  await expect(open).toContainText('103 000.00');
  const number = (await open.getByRole('heading').textContent())?.match(/№(\d+)/)?.[1];
  expect(number, 'the shift number').toBeTruthy();

  // The blind close: the count is asked for, nothing expected is shown.
  await open.getByRole('button', { name: 'Smenani yopish' }).click();
  const close = page.getByRole('form', { name: `Smena №${number}ni yopish` });
  await expect(close).toBeVisible();
  await expect(page.getByText('Kutilgan', { exact: true })).toHaveCount(0);
  await expect(page.getByText('103 000')).toHaveCount(0);
  // Every currency of the shift is required.
  await page.getByRole('button', { name: 'Sanoqni yuborish va yopish' }).click();
  await expect(close.getByTestId('drawer-UZS')).toContainText('Bu valyutani sanang');
  await expect(page.getByText('Kutilgan', { exact: true })).toHaveCount(0);
  await close.getByTestId('drawer-UZS').getByLabel('Summa, UZS').fill('100000');
  await page.getByRole('button', { name: 'Sanoqni yuborish va yopish' }).click();

  // After the close: expected, counted, and the difference in red.
  const result = page.getByTestId('result-UZS');
  await expect(result).toContainText('Kutilgan103 000.00 UZS');
  await expect(result).toContainText('Sanalgan100 000.00 UZS');
  await expect(result.locator('[data-tone="short"]')).toHaveText('-3 000.00 UZS');
  await expect(page.getByTestId('result-net')).toContainText('-3 000.00');
  await expect(page.getByRole('button', { name: 'Z-hisobot (PDF)' })).toBeVisible();
  await page.getByRole('button', { name: 'Yangi smena' }).click();
  await expect(page.getByRole('heading', { name: 'Smenani ochish' })).toBeVisible();

  // The Owner: the shift in the list and the cashier's totals, filtered to this department.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const owner = await context.newPage();
  await apiSignIn(owner, DEMO.owner);
  await owner.goto('/shifts');
  await expect(owner.getByRole('heading', { name: 'Smenalar', exact: true })).toBeVisible();
  await owner.getByLabel("Bo'lim").selectOption({ label: email });
  const total = owner.getByTestId('shift-total');
  await expect(total).toHaveCount(1);
  await expect(total).toContainText('Smenachi');
  await expect(total.getByRole('cell')).toHaveText(['Smenachi', '1', '1', '0', '-3 000.00 UZS']);
  const row = owner.getByTestId('shift-row').filter({ hasText: `№${number}` });
  await expect(row).toContainText('Yopilgan');
  await expect(row).toContainText('-3 000.00');

  // Its card: every currency's opening, expected, counted and difference, the notes counted.
  await row.getByRole('link', { name: `№${number}` }).click();
  await expect(owner.getByRole('heading', { name: `Smena №${number}` })).toBeVisible();
  const amount = owner.getByTestId('shift-amount').filter({ hasText: 'UZS' });
  await expect(amount.getByRole('cell')).toHaveText([
    'UZS',
    '103 000.00 UZS',
    '0.00 UZS',
    '103 000.00 UZS',
    '100 000.00 UZS',
    '-3 000.00 UZS',
  ]);
  // The notes counted at the opening.
  await expect(owner.getByTestId('opening-notes-UZS')).toContainText('50 000');
  await context.close();

  // Nothing left open: the API agrees.
  const current = await (await kassir.get('shifts/current/')).json();
  expect(current.shift).toBeNull();
});
