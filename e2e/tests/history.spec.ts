import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiSignIn, DEMO, expect, test } from '../fixtures.ts';

// DESIGN.md section 10, History: filters that reload from page 1, pages of 50, an offer opened
// from its row, and the filtered rows downloaded as CSV; section 16: in words, in uz and ru, at
// 1366 px and on a 375 px phone.

test('the owner filters the history, turns a page, opens an offer and downloads the CSV', async ({
  page,
}) => {
  await apiSignIn(page, DEMO.owner);
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'Tarix' })).toBeVisible();
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(50);
  await page
    .getByRole('navigation', { name: 'Sahifalar' })
    .getByRole('button', { name: '2-sahifa', exact: true })
    .click();
  await expect(page.getByRole('button', { name: '2-sahifa', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(rows.first()).toBeVisible();

  // A filter starts again from page 1 and shows only its rows.
  await page.getByLabel('Obyekt').selectOption({ label: 'Taklif' });
  await expect(rows.first()).toContainText('Taklif #');
  await expect(rows.filter({ hasNotText: 'Taklif #' })).toHaveCount(0);
  await page.getByLabel('Amal').selectOption({ label: 'Taklifni tasdiqladi' });
  await expect(rows.filter({ hasNotText: 'Taklifni tasdiqladi' })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();

  // The CSV holds the same filtered rows, with the codes and the words (DESIGN.md section 16).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Yuklab olish (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tarix-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'id,created_at,actor,action,entity,entity_id,summary,ip,action_text,object_text,status_text',
  );
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.includes(',offer.approve,offer,'))).toBe(true);
  expect(lines.slice(1).every((l) => /,Taklifni tasdiqladi,Taklif #\d+,PENDING → APPROVED$/.test(l))).toBe(
    true,
  );

  // The row's offer opens on its own page.
  await rows
    .first()
    .getByRole('link', { name: /^Taklif #\d+$/ })
    .click();
  await expect(page).toHaveURL(/\/offers\/\d+$/);
  await expect(page.getByTestId('offer-detail')).toContainText('APPROVED');
  await page.goBack();

  // A day with nothing in it says so.
  await page.getByLabel('Sanadan').fill('2001-01-01');
  await page.getByLabel('Sanagacha').fill('2001-01-01');
  await expect(page.getByText('Hech narsa topilmadi.')).toBeVisible();
});

test('a department sees its own history without the actor filter', async ({ page }) => {
  await apiSignIn(page, DEMO.bozorchi);
  await page.goto('/history');
  const rows = page.getByTestId('history-row');
  await expect(rows.first()).toBeVisible();
  // Its own actions, and others' only on offers it is a party to.
  await expect(rows.filter({ hasText: 'bozorchi@demo.uz' }).first()).toBeVisible();
  await expect(
    rows.filter({ hasNotText: 'bozorchi@demo.uz' }).filter({ hasNotText: 'Taklif #' }),
  ).toHaveCount(0);
  await expect(page.getByLabel('Kim')).toHaveCount(0);
});

const MESSAGES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/i18n/messages',
);
const catalogue = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(MESSAGES, language, `${namespace}.json`), 'utf8')) as Record<
    string,
    string
  >;

/** No description is cut: each wraps inside its cell (or card), and the page never scrolls sideways. */
async function expectNothingCut(page: Page, width: number) {
  const cut = await page
    .getByTestId('history-summary')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
  expect(cut).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const language of ['uz', 'ru'] as const) {
  for (const width of [1366, 375]) {
    test(`in ${language} at ${width} px: phrases, named objects with links, states in words, nothing cut`, async ({
      page,
    }) => {
      const history = catalogue(language, 'history');
      const offers = catalogue(language, 'offers');
      await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
      await page.addInitScript((l) => window.localStorage.setItem('language', l), language);
      await apiSignIn(page, DEMO.owner);
      await page.goto('/history');
      const rows = page.getByTestId('history-row');
      await expect(rows).toHaveCount(50);
      // An action is a phrase of the catalogue, never its code.
      const phrases = Object.entries(history).filter(([k]) => k.startsWith('history.action.'));
      const actions = await page.getByTestId('history-action').allTextContents();
      expect(actions.every((a) => phrases.some(([, p]) => p === a))).toBe(true);
      expect(actions.some((a) => /^[a-z_]+\.[a-z_.-]+$/.test(a))).toBe(false);
      await expectNothingCut(page, width);

      // A sign-in's object: the person by name, linking to the users' page.
      await page
        .getByLabel(history['history.filters.action'] ?? '', { exact: true })
        .selectOption({ label: history['history.action.authLogin'] ?? '' });
      const person = rows.first().getByTestId('history-object');
      await expect(person).toHaveAttribute('href', '/admin/users');
      await expect(person).not.toContainText('@');
      await expect(person).not.toContainText('#');

      // An approval: the state change in the offers' words, the offer by its number with its page.
      await page
        .getByLabel(history['history.filters.action'] ?? '', { exact: true })
        .selectOption({ label: history['history.action.offerApprove'] ?? '' });
      await expect(rows.first().getByTestId('history-change')).toHaveText(
        `${offers['offers.status.pending']} → ${offers['offers.status.approved']}`,
      );
      await expectNothingCut(page, width);
      const offer = rows.first().getByTestId('history-object');
      const number = language === 'ru' ? /^Предложение №\d+$/ : /^Taklif #\d+$/;
      await expect(offer).toHaveText(number);
      await offer.click();
      await expect(page).toHaveURL(/\/offers\/\d+$/);
      await expect(page.getByTestId('offer-detail')).toContainText(offers['offers.status.approved'] ?? '');
    });
  }
}
