// What a person reads (DESIGN.md section 16): an Uzbek page shows Uzbek (and spec.md's own English
// texts) with dates in Uzbek, a Russian page Russian dates; the login page, /unauthorized, the
// dashboard and a table with dates, at 1366 px. Each page is also photographed at 1366 and 375 px
// (test-results/), to be looked at.
import type { Page } from '@playwright/test';
import { apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { TransactionsPage } from '../pages/money-pages.ts';
import { Shell } from '../pages/shell.ts';

/** English month names; March, April and May are written the same in Uzbek. */
const ENGLISH_MONTH = /\b(Jan|Feb|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b/;
const UZ_DATE_TIME = /^\d{2} (Yan|Fev|Mar|Apr|May|Iyun|Iyul|Avg|Sen|Okt|Noy|Dek) \d{4}, \d{2}:\d{2}$/;
const RU_DATE_TIME =
  /^\d{2} (янв\.|февр\.|мар\.|апр\.|мая|июн\.|июл\.|авг\.|сент\.|окт\.|нояб\.|дек\.) \d{4}, \d{2}:\d{2}$/;

const WORDS = {
  uz: {
    login: ['Xush kelibsiz', 'Meni eslab qol', 'Parolni unutdingizmi?', 'Login', 'Email', 'Password'],
    unauthorized: "Ruxsat yo'q",
    dashboard: "Ko'rsatkichlar",
    dateTime: UZ_DATE_TIME,
    english: ['Welcome back', 'Remember me', 'Forgot password', 'Unauthorized', 'Dashboard', 'Sign in'],
  },
  ru: {
    login: ['С возвращением', 'Запомнить меня', 'Забыли пароль?'],
    unauthorized: 'Нет доступа',
    dashboard: 'Сводка',
    dateTime: RU_DATE_TIME,
    english: ['Welcome back', 'Remember me', 'Unauthorized', 'Dashboard'],
  },
} as const;

type Language = keyof typeof WORDS;

async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((l) => window.localStorage.setItem('language', l), language);
}

/** The page's text, then photographs of it at 1366 px and on a 375 px phone. */
async function readAndShoot(page: Page, name: string): Promise<string> {
  await page.waitForTimeout(400);
  const text = await page.locator('body').innerText();
  await page.screenshot({ path: test.info().outputPath(`${name}-1366.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: test.info().outputPath(`${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 800 });
  return text;
}

test.use({ viewport: { width: 1366, height: 800 } });

for (const language of ['uz', 'ru'] as const) {
  const words = WORDS[language];

  test(`the login page and /unauthorized speak ${language}`, async ({ page }) => {
    await chooseLanguage(page, language);
    await page.goto('/login');
    for (const text of words.login) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    let shown = await readAndShoot(page, `${language}-login`);
    for (const english of words.english) expect(shown).not.toContain(english);

    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: words.unauthorized })).toBeVisible();
    shown = await readAndShoot(page, `${language}-unauthorized`);
    for (const english of words.english) expect(shown).not.toContain(english);
  });

  test(`the dashboard and the transactions speak ${language}, dates too`, async ({ page }) => {
    await chooseLanguage(page, language);
    await apiSignIn(page, DEMO.owner);
    await page.goto('/dashboard');
    await new Shell(page).ready();
    await expect(page.getByRole('heading', { level: 1, name: words.dashboard })).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: words.dashboard })).toBeVisible();
    let shown = await readAndShoot(page, `${language}-dashboard`);
    expect(shown).not.toMatch(ENGLISH_MONTH);
    for (const english of words.english) expect(shown).not.toContain(english);

    const transactions = new TransactionsPage(page);
    await transactions.goto();
    await expect(transactions.rows.first()).toBeVisible();
    // The created date, the last column: day, short month, year, hour, minute (spec.md section 2).
    await expect(transactions.rows.first().locator('td').last()).toHaveText(words.dateTime);
    shown = await readAndShoot(page, `${language}-transactions`);
    expect(shown).not.toMatch(ENGLISH_MONTH);
  });
}
