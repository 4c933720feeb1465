import type { Locator, Page } from '@playwright/test';
import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { Shell } from '../pages/shell.ts';

// The profile's "Bildirishnomalar" card (DESIGN.md section 13): which notifications also come by
// e-mail (PATCH api/auth/me/), and linking a Telegram chat. The e2e server runs without
// TELEGRAM_BOT_TOKEN (scripts/e2e-server.mjs), so the real Telegram block is the "not set up" one;
// the linking steps are driven by answers this spec gives in the server's place.
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

  test('without a bot the Telegram block says Telegram is not set up here', async ({ page }) => {
    await apiSignIn(page, USER);
    const settings = new NotificationSettings(page);
    await settings.open();
    await expect(settings.telegram).toContainText('Bu serverda Telegram bot sozlanmagan');
    await expect(settings.telegram.getByRole('button')).toHaveCount(0);
    await expect(settings.telegram.getByRole('link')).toHaveCount(0);
  });

  test('linking Telegram: a deep link, linked when the bot says so, then unlinked', async ({ page }) => {
    // The server's answers for a server with a bot (api/telegram/link/, DESIGN.md section 13).
    let linked = false;
    let posts = 0;
    await page.route('**/api/telegram/link/', async (route) => {
      const method = route.request().method();
      if (method === 'GET') {
        await route.fulfill({ json: { enabled: true, linked, bot_username: 'demo_bot' } });
      } else if (method === 'POST') {
        posts += 1;
        if (posts === 1) {
          await route.fulfill({ status: 503, json: { detail: 'Telegram bot hozir javob bermayapti.' } });
        } else {
          await route.fulfill({ json: { code: 'c0de', deep_link: 'https://t.me/demo_bot?start=c0de' } });
        }
      } else {
        linked = false;
        await route.fulfill({ status: 204 });
      }
    });
    await apiSignIn(page, USER);
    const settings = new NotificationSettings(page);
    await settings.open();
    const connect = settings.telegram.getByRole('button', { name: 'Telegramni ulash' });

    // A 503 while the bot is not ready: its detail, and the button to try again.
    await connect.click();
    await expect(settings.telegram.getByRole('alert')).toHaveText('Telegram bot hozir javob bermayapti.');

    await connect.click();
    const open = settings.telegram.getByRole('link', { name: 'Telegramda ochish' });
    await expect(open).toHaveAttribute('href', 'https://t.me/demo_bot?start=c0de');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', /noopener/);
    await expect(settings.telegram).toContainText('10 daqiqa');

    // The bot links the chat: the page sees it on its own, within a poll.
    linked = true;
    await expect(settings.telegram.getByText('Telegram ulangan')).toBeVisible();
    await expect(open).toHaveCount(0);

    await settings.telegram.getByRole('button', { name: 'Uzish' }).click();
    await expect(connect).toBeVisible();
    await expect(settings.telegram.getByRole('link')).toHaveCount(0);
  });
});
