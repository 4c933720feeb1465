import type { Locator, Page } from '@playwright/test';
import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { Shell } from '../pages/shell.ts';

// The profile's "Bildirishnomalar" card (DESIGN.md section 13): which notifications also come by
// e-mail (PATCH api/auth/me/), and linking a Telegram chat: the e2e server runs a bot against a
// local Bot API (scripts/e2e-server.mjs), and this spec plays Telegram's side at the webhook.
// The kassir: no other spec reads its e-mail choices. DEBT_OVERDUE is checked daily and at start,
// so ticking it sends nothing while the suite runs.

const USER = DEMO.kassir;

/** The card under spec.md's profile. */
class NotificationSettings {
  readonly card: Locator;
  readonly offerPending: Locator;
  readonly debtOverdue: Locator;
  readonly save: Locator;
  readonly telegram: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByRole('region', { name: 'Bildirishnomalar' });
    this.offerPending = this.card.getByRole('checkbox', { name: /^Taklif tasdiqlashimni kutayotganda/ });
    this.debtOverdue = this.card.getByRole('checkbox', { name: /^Qarz muddati o'tganda/ });
    this.save = this.card.getByRole('button', { name: 'Saqlash' });
    this.telegram = this.card.getByRole('region', { name: 'Telegram' });
  }

  async open(): Promise<void> {
    await this.page.goto('/profile');
    await new Shell(this.page).ready();
    await expect(this.card).toBeVisible();
  }
}

test.describe('profile notifications', () => {
  test.afterEach(async ({ page }) => {
    // Leave the demo data as it was, even when a step above failed.
    const api = await apiAs(page, USER);
    expect((await api.patch('auth/me/', { email_notifications: [] })).status()).toBe(200);
  });

  test('an e-mail choice is saved and stays after a reload, then is taken back', async ({ page }) => {
    await apiSignIn(page, USER);
    const settings = new NotificationSettings(page);
    await settings.open();
    // spec.md's profile is still there, above the card.
    await expect(page.getByTestId('profile-email')).toHaveText(USER);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    await expect(settings.offerPending).not.toBeChecked();
    await expect(settings.debtOverdue).not.toBeChecked();
    await expect(settings.save).toBeDisabled();

    await settings.debtOverdue.check();
    await expect(settings.save).toBeEnabled();
    await settings.save.click();
    await expect(settings.card.getByRole('status').filter({ hasText: 'Saqlandi.' })).toBeVisible();
    await expect(settings.save).toBeDisabled();

    await page.reload();
    await expect(settings.debtOverdue).toBeChecked();
    await expect(settings.offerPending).not.toBeChecked();
    await expect(settings.save).toBeDisabled();

    // Ticking and unticking again is no change: nothing to save.
    await settings.offerPending.check();
    await settings.offerPending.uncheck();
    await expect(settings.save).toBeDisabled();

    await settings.debtOverdue.uncheck();
    await settings.save.click();
    await expect(settings.card.getByRole('status').filter({ hasText: 'Saqlandi.' })).toBeVisible();
    await page.reload();
    await expect(settings.debtOverdue).not.toBeChecked();
    const api = await apiAs(page, USER);
    const me = (await (await api.get('auth/whoami/')).json()) as { email_notifications: string[] };
    expect(me.email_notifications).toEqual([]);
  });

  test('a refused save shows the server detail and keeps the choice', async ({ page }) => {
    await apiSignIn(page, USER);
    await page.route('**/api/auth/me/', (route) =>
      route.fulfill({ status: 503, json: { detail: "Ma'lumotlar bazasi javob bermayapti." } }),
    );
    const settings = new NotificationSettings(page);
    await settings.open();
    await settings.offerPending.check();
    await settings.save.click();
    await expect(settings.card.getByRole('alert')).toHaveText("Ma'lumotlar bazasi javob bermayapti.");
    await expect(settings.offerPending).toBeChecked();
    await expect(settings.save).toBeEnabled();
  });

  test('linking Telegram: a deep link, linked when the chat sends /start, then unlinked', async ({
    page,
  }) => {
    await apiSignIn(page, USER);
    const settings = new NotificationSettings(page);
    await settings.open();
    const connect = settings.telegram.getByRole('button', { name: 'Telegramni ulash' });
    await connect.click();
    const open = settings.telegram.getByRole('link', { name: 'Telegramda ochish' });
    await expect(open).toHaveAttribute('href', /^https:\/\/t\.me\/backoffice_demo_bot\?start=[\w-]+$/);
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', /noopener/);
    await expect(settings.telegram).toContainText('10 daqiqa');

    // Telegram's side: the person presses Start, Telegram posts the update to the webhook
    // (scripts/e2e-server.mjs runs the bot against a local Bot API with this secret).
    const code = new URL((await open.getAttribute('href')) ?? '').searchParams.get('start');
    const update = await page.request.post('/api/telegram/webhook/', {
      headers: { 'x-telegram-bot-api-secret-token': 'e2e-webhook-secret-0123456789' },
      data: {
        update_id: 1,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: 5_000_000_077, type: 'private' },
          from: { id: 5_000_000_077, is_bot: false, first_name: 'Dilnoza' },
          text: `/start ${code}`,
        },
      },
    });
    expect(update.status()).toBe(200);

    // The page sees it on its own, within a poll.
    await expect(settings.telegram.getByText('Telegram ulangan')).toBeVisible();
    await expect(open).toHaveCount(0);
    await settings.telegram.getByRole('button', { name: 'Uzish' }).click();
    await expect(connect).toBeVisible();
    await expect(settings.telegram.getByRole('link')).toHaveCount(0);
  });
});
