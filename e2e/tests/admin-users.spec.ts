import { randomBytes } from 'node:crypto';
import { apiSignIn, createPerson, DEMO, expect, latestMailMatch, test } from '../fixtures.ts';

// DESIGN.md section 9, users: the Owner invites a person, who sets a password through the mailed
// link and signs in; a deactivated person's open session ends at its next refresh.

const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const INVITE_LINK = /(\/set-password\?invite=[A-Za-z0-9_-]+)/;

test('an invited person sets a password through the mailed link and signs in', async ({ page, browser }) => {
  const email = `yangi-${tag()}@demo.uz`;
  await apiSignIn(page, DEMO.owner);
  await page.goto('/admin/users');
  await expect(page.getByTestId('user-row').filter({ hasText: DEMO.kassir })).toContainText('Faol');

  const sent = Date.now();
  await page.getByRole('button', { name: 'Yangi foydalanuvchi' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Ism').fill('Nodira');
  await dialog.getByLabel('Familiya').fill('Karimova');
  await dialog.getByLabel('Rol').selectOption('Omborchi');
  await dialog.getByLabel("Bo'lim kodi").fill('OMB-7');
  await dialog.getByRole('button', { name: 'Taklif yuborish' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText(`${email} qo'shildi`);
  const row = page.getByTestId('user-row').filter({ hasText: email });
  await expect(row).toContainText('Taklif yuborilgan');
  await expect(row).toContainText('Hali kirmagan');

  // The same e-mail again: the server's 409 in the dialog.
  await page.getByRole('button', { name: 'Yangi foydalanuvchi' }).click();
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Taklif yuborish' }).click();
  await expect(dialog.getByRole('alert')).toContainText('allaqachon bor');
  await page.keyboard.press('Escape');

  await expect.poll(() => latestMailMatch(email, sent, INVITE_LINK)).not.toBeNull();
  const link = latestMailMatch(email, sent, INVITE_LINK) as string;
  const invited = await browser.newContext();
  try {
    const person = await invited.newPage();
    await person.goto(link);
    await expect(person.getByRole('heading', { name: 'Parol tanlang' })).toBeVisible();
    await person.getByLabel('Yangi parol', { exact: true }).fill('nodira-parol-1');
    await person.getByLabel('Parolni takrorlang', { exact: true }).fill('nodira-parol-1');
    await person.getByRole('button', { name: "Parolni o'rnatish" }).click();
    await expect(person).toHaveURL('/login');
    await expect(person.getByText("Parolingiz o'rnatildi. Endi tizimga kiring.")).toBeVisible();
    await person.getByLabel('Email', { exact: true }).fill(email);
    await person.getByLabel('Password', { exact: true }).fill('nodira-parol-1');
    await person.getByRole('button', { name: 'Login' }).click();
    await expect(person).toHaveURL('/');
    await expect(person.getByRole('heading', { level: 1 })).toHaveText(email);

    // The link was single-use.
    await person.goto(link);
    await person.getByLabel('Yangi parol', { exact: true }).fill('boshqa-parol-2');
    await person.getByLabel('Parolni takrorlang', { exact: true }).fill('boshqa-parol-2');
    await person.getByRole('button', { name: "Parolni o'rnatish" }).click();
    await expect(person.getByRole('alert')).toContainText('yaroqsiz');
  } finally {
    await invited.close();
  }
  await page.reload();
  await expect(row).toContainText('Faol');
});

test('deactivating a person ends their open session; reactivating lets them back', async ({
  page,
  browser,
}) => {
  const email = await createPerson(page, 'Bozorchi', 'Sotuvchi', 'sotuvchi-parol-1');

  const other = await browser.newContext();
  try {
    const seller = await other.newPage();
    await apiSignIn(seller, email, 'sotuvchi-parol-1');
    await seller.goto('/');
    await expect(seller.getByRole('heading', { level: 1 })).toHaveText(email);

    await apiSignIn(page, DEMO.owner);
    await page.goto('/admin/users');
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Nofaol qilish' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Nofaol qilish' }).click();
    await expect(row).toContainText('Nofaol');

    // Their next refresh (a reload) fails: back to the login page.
    await seller.reload();
    await expect(seller).toHaveURL('/login');
    // Signing in again, with the right password, says the account is off and whom to ask
    // (DESIGN.md section 16); a wrong one says what any failed sign-in says.
    await seller.getByLabel('Email', { exact: true }).fill(email);
    await seller.getByLabel('Password', { exact: true }).fill('sotuvchi-parol-1');
    await seller.getByRole('button', { name: 'Login' }).click();
    await expect(seller.getByRole('alert')).toHaveText(
      "Hisobingiz nofaol qilingan. Uni qayta faollashtirishni administratordan so'rang.",
    );
    await seller.getByLabel('Password', { exact: true }).fill('boshqa-parol-9');
    await seller.getByRole('button', { name: 'Login' }).click();
    await expect(seller.getByRole('alert')).toHaveText('Invalid credentials. Please try again.');

    await row.getByRole('button', { name: 'Faollashtirish' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Faollashtirish' }).click();
    await expect(row).toContainText('Faol');
    const again = await seller.request.post('/api/auth/login/', {
      data: { email, password: 'sotuvchi-parol-1' },
    });
    expect(again.status()).toBe(200);
  } finally {
    await other.close();
  }
});

test('the last Owner cannot be demoted: the server says why', async ({ page }) => {
  await apiSignIn(page, DEMO.owner);
  await page.goto('/admin/users');
  const row = page.getByTestId('user-row').filter({ hasText: DEMO.owner });
  await row.getByRole('button', { name: 'Tahrirlash' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Rol').selectOption('manager');
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog.getByRole('alert')).toContainText('kamida bitta faol Owner');
});
