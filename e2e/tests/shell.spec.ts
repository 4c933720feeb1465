// The route guard, the app shell and the profile (spec.md section 2: route guard, App shell,
// Profile; section 6 for /buy and /sell). Signs in through the API; never as admin@demo.uz, whose
// password auth.spec.ts changes.
import type { Page } from '@playwright/test';
import { apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import {
  ADMIN_ENTRY,
  COUNTER_ENTRY,
  MENU,
  PRODUCTION_ENTRY,
  PURCHASES_ENTRY,
  RETURNS_ENTRY,
  SALES_ENTRY,
  SHIFT_ENTRY,
  SHIFTS_ENTRY,
  Shell,
  STOCK_COUNTS_ENTRY,
  withPartTwo,
} from '../pages/shell.ts';

const PROTECTED = [
  '/',
  '/profile',
  '/income',
  '/outcome',
  '/inventory',
  '/buy',
  '/sell',
  '/chat',
  '/history',
  '/transactions',
  '/catalog',
  '/catalog/products/raw',
  '/catalog/size',
  '/dashboard',
  '/balances',
  '/reports/sales',
  '/reports/debts-ageing',
  '/counterparties',
  '/counterparties/1',
  '/debts',
];

const ALWAYS = MENU.filter((item) => item.path !== '/buy' && item.path !== '/sell');
const BUY = MENU.find((item) => item.path === '/buy')!;
const SELL = MENU.find((item) => item.path === '/sell')!;

async function signedIn(page: Page, email: string, path = '/'): Promise<Shell> {
  await apiSignIn(page, email);
  await page.goto(path);
  const shell = new Shell(page);
  await shell.ready();
  return shell;
}

test.describe('route guard', () => {
  test('without a session every protected route goes to /login', async ({ page }) => {
    for (const path of PROTECTED) {
      await page.goto(path);
      await expect(page, `${path} without a session`).toHaveURL('/login');
    }
  });

  test("/buy is only for Ta'minotchi: others go to /unauthorized", async ({ page }) => {
    await apiSignIn(page, DEMO.bozorchi);
    await page.goto('/buy');
    await expect(page).toHaveURL('/unauthorized');
    await expect(page.getByRole('heading', { name: "Ruxsat yo'q" })).toBeVisible();
  });

  test('/sell is only for Bozorchi: others go to /unauthorized', async ({ page }) => {
    await apiSignIn(page, DEMO.taminotchi);
    await page.goto('/sell');
    await expect(page).toHaveURL('/unauthorized');
    await expect(page.getByRole('heading', { name: "Ruxsat yo'q" })).toBeVisible();
  });

  test('a role outside both lists is refused /buy and /sell', async ({ page }) => {
    await apiSignIn(page, DEMO.kassir);
    await page.goto('/buy');
    await expect(page).toHaveURL('/unauthorized');
    await page.goto('/sell');
    await expect(page).toHaveURL('/unauthorized');
  });

  test("/buy opens for Ta'minotchi and /sell for Bozorchi", async ({ page, browser }) => {
    const buyer = await signedIn(page, DEMO.taminotchi, '/buy');
    await expect(page).toHaveURL('/buy');
    await expect(buyer.sidebarNav.getByRole('link', { name: 'Sotib olish' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const context = await browser.newContext();
    const other = await context.newPage();
    const seller = await signedIn(other, DEMO.bozorchi, '/sell');
    await expect(other).toHaveURL('/sell');
    await expect(seller.sidebarNav.getByRole('link', { name: 'Sotish' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await context.close();
  });

  test('/ is Balans with the exchange form for every role; the dashboard is the first entry', async ({
    page,
  }) => {
    // spec.md section 2: Balans at / for everyone, the viewers of the whole business included.
    for (const email of [DEMO.manager, DEMO.owner, DEMO.bozorchi]) {
      const shell = await signedIn(page, email);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(email);
      await expect(page.getByRole('form', { name: 'Valyuta almashtirish' })).toBeVisible();
      const first = shell.sidebarNav.getByRole('link').first();
      await expect(first).toHaveText("Ko'rsatkichlar");
      await expect(first).toHaveAttribute('href', '/dashboard');
      await expect(shell.sidebarNav.getByRole('link', { name: 'Balans', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
    // Where Balans was while / was the dashboard: an old link lands on /.
    await page.goto('/balances');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('form', { name: 'Valyuta almashtirish' })).toBeVisible();
  });

  test('an unknown path redirects to /', async ({ page }) => {
    const shell = await signedIn(page, DEMO.manager, '/no/such/page');
    await expect(page).toHaveURL('/');
    await expect(shell.sidebarEmail).toHaveText(DEMO.manager);
  });

  test('an unknown path without a session ends on /login', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL('/login');
  });
});

test.describe('desktop sidebar', () => {
  const cases = [
    {
      email: DEMO.taminotchi,
      role: "Ta'minotchi",
      expected: withPartTwo([...ALWAYS, BUY], [PURCHASES_ENTRY, RETURNS_ENTRY, STOCK_COUNTS_ENTRY]),
    },
    {
      email: DEMO.bozorchi,
      role: 'Bozorchi',
      expected: withPartTwo(
        [...ALWAYS, SELL],
        [COUNTER_ENTRY, SALES_ENTRY, RETURNS_ENTRY, STOCK_COUNTS_ENTRY, SHIFT_ENTRY],
      ),
    },
    { email: DEMO.kassir, role: 'Kassir', expected: withPartTwo(ALWAYS, [SHIFT_ENTRY]) },
    {
      email: DEMO.owner,
      role: 'Owner',
      expected: [
        ...withPartTwo(ALWAYS, [
          SALES_ENTRY,
          PURCHASES_ENTRY,
          RETURNS_ENTRY,
          STOCK_COUNTS_ENTRY,
          PRODUCTION_ENTRY,
          SHIFTS_ENTRY,
        ]),
        ADMIN_ENTRY,
      ],
    },
  ];
  for (const { email, role, expected } of cases) {
    test(`${role} sees exactly the entries of the role filter`, async ({ page }) => {
      const shell = await signedIn(page, email);
      await expect(shell.sidebarEmail).toHaveText(email);
      await expect(shell.sidebarNav.getByRole('link')).toHaveCount(expected.length);
      expect(await shell.entries(shell.sidebarNav)).toEqual(expected);
    });
  }

  test('the collapsed state survives a reload, stored as 1 or 0', async ({ page }) => {
    const shell = await signedIn(page, DEMO.omborchi);
    await expect(shell.sidebar).toHaveAttribute('data-collapsed', 'false');
    await expect(shell.sidebarNav.getByText('Balans', { exact: true })).toBeVisible();

    await shell.collapseToggle.click();
    await expect(shell.sidebar).toHaveAttribute('data-collapsed', 'true');
    expect(await shell.collapsedFlag()).toBe('1');
    await page.reload();
    await shell.ready();
    await expect(shell.sidebar).toHaveAttribute('data-collapsed', 'true');
    await expect(shell.collapseToggle).toHaveAccessibleName('Yon panelni yoyish');
    // Collapsed: the labels leave the screen (visually hidden), the links keep their names.
    const label = shell.sidebarNav.getByText('Balans', { exact: true });
    await expect.poll(async () => (await label.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await expect(shell.sidebarNav.getByRole('link', { name: 'Balans', exact: true })).toBeVisible();
    const collapsedWidth = (await shell.sidebar.boundingBox())?.width ?? 0;

    await shell.collapseToggle.click();
    await expect(shell.sidebar).toHaveAttribute('data-collapsed', 'false');
    expect(await shell.collapsedFlag()).toBe('0');
    await page.reload();
    await shell.ready();
    await expect(shell.sidebar).toHaveAttribute('data-collapsed', 'false');
    await expect(shell.sidebarNav.getByText('Balans', { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await shell.sidebar.boundingBox())?.width ?? 0)
      .toBeGreaterThan(collapsedWidth);
  });
});

test.describe('mobile drawer', () => {
  for (const width of [375, 700]) {
    test(`at ${width} px: a top bar and a drawer of all the entries, 85% wide and at most 320 px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 812 });
      // Kassir: neither Buy nor Sell in the desktop filter, yet the mobile menu lists both.
      const shell = await signedIn(page, DEMO.kassir);
      await expect(shell.topBar).toBeVisible();
      await expect(shell.sidebar).toBeHidden();
      await expect(shell.drawer).toHaveCount(0);

      await shell.openDrawer.click();
      await expect(shell.drawer).toBeVisible();
      // spec.md's ten, DESIGN.md section 11's Dashboard and Hisobotlar, section 12's
      // Kontragentlar and Qarzlar, section 22's Smena.
      await expect(shell.drawerNav.getByRole('link')).toHaveCount(15);
      expect(await shell.entries(shell.drawerNav)).toEqual(withPartTwo(MENU, [SHIFT_ENTRY]));
      // Let the slide-in animation finish before measuring.
      await expect.poll(async () => (await shell.drawer.boundingBox())?.x ?? -1, { timeout: 3_000 }).toBe(0);
      const box = await shell.drawer.boundingBox();
      const expected = Math.min(0.85 * width, 320);
      expect(box?.width ?? 0).toBeCloseTo(expected, 0);
      expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(320);

      // Following a link closes the drawer.
      await shell.drawerNav.getByRole('link', { name: 'Tarix' }).click();
      await expect(page).toHaveURL('/history');
      await expect(shell.drawer).toHaveCount(0);
    });
  }

  test('a phone draws no sidebar; widening the window past md draws it and hides the top bar', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const shell = await signedIn(page, DEMO.manager);
    await expect(shell.topBar).toBeVisible();
    // Not hidden but absent: its menu is not rendered before a phone's first paint (DESIGN.md 23).
    await expect(shell.sidebar).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 812 });
    await expect(shell.sidebarNav.getByRole('link', { name: 'Balans', exact: true })).toBeVisible();
    await expect(shell.topBar).toBeHidden();
  });

  test("an administrator's drawer adds Boshqaruv after the other entries", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const shell = await signedIn(page, DEMO.owner);
    await shell.openDrawer.click();
    expect(await shell.entries(shell.drawerNav)).toEqual([
      ...withPartTwo(MENU, [
        SALES_ENTRY,
        PURCHASES_ENTRY,
        RETURNS_ENTRY,
        STOCK_COUNTS_ENTRY,
        PRODUCTION_ENTRY,
        SHIFTS_ENTRY,
      ]),
      ADMIN_ENTRY,
    ]);
    await shell.drawerNav.getByRole('link', { name: 'Boshqaruv' }).click();
    await expect(page).toHaveURL('/admin/users');
  });

  test('the drawer closes on Escape and on the backdrop', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const shell = await signedIn(page, DEMO.omborchi);
    await shell.openDrawer.click();
    await expect(shell.drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shell.drawer).toHaveCount(0);
    await shell.openDrawer.click();
    await expect(shell.drawer).toBeVisible();
    await page.getByTestId('mobile-drawer-backdrop').click({ position: { x: 360, y: 400 } });
    await expect(shell.drawer).toHaveCount(0);
  });
});

test.describe('profile and logout', () => {
  const badges = [
    { email: DEMO.kassir, role: 'Kassir', initials: 'KA', colour: /amber/ },
    { email: DEMO.manager, role: 'manager', initials: 'MA', colour: /emerald/ },
    { email: DEMO.bozorchi, role: 'Bozorchi', initials: 'BO', colour: /slate/ },
  ];
  for (const { email, role, initials, colour } of badges) {
    test(`profile of ${role}: initials, email and role badge`, async ({ page }) => {
      const shell = await signedIn(page, email);
      await shell.userMenu('Profil');
      await expect(page).toHaveURL('/profile');
      await expect(page.getByTestId('profile-initials')).toHaveText(initials);
      await expect(page.getByTestId('profile-email')).toHaveText(email);
      const badge = page.getByTestId('role-badge');
      await expect(badge).toHaveText(role);
      await expect(badge.locator('..')).toHaveClass(colour);
    });
  }

  test('logout from the user menu goes to /login and the session is gone', async ({ page }) => {
    const shell = await signedIn(page, DEMO.omborchi, '/transactions');
    await shell.userMenu('Logout');
    await expect(page).toHaveURL('/login');
    await page.goto('/profile');
    await expect(page).toHaveURL('/login');
  });

  test('the profile logout button signs out', async ({ page }) => {
    await signedIn(page, DEMO.owner, '/profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });

  test('/logout signs out on load', async ({ page }) => {
    await signedIn(page, DEMO.taminotchi);
    await page.goto('/logout');
    await expect(page).toHaveURL('/login');
    await page.goto('/income');
    await expect(page).toHaveURL('/login');
  });

  test('the phone top bar offers the same user menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const shell = await signedIn(page, DEMO.manager);
    await shell.userMenu('Logout', 'topbar');
    await expect(page).toHaveURL('/login');
  });
});

test.describe('shell loading states', () => {
  test("'Loading...' while the user loads, 'Failed to load user info' when it fails", async ({ page }) => {
    await apiSignIn(page, DEMO.omborchi);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The real who-am-I call is held, then cut off: a failure, never a made-up answer.
    await page.route('**/api/auth/whoami/', async (route) => {
      await held;
      await route.abort('failed');
    });
    await page.goto('/');
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
    release();
    await expect(page.getByText('Failed to load user info', { exact: true })).toBeVisible();

    await page.unroute('**/api/auth/whoami/');
    await page.getByRole('button', { name: 'Qayta urinish' }).click();
    await expect(new Shell(page).sidebarEmail).toHaveText(DEMO.omborchi);
  });
});

test.describe('a page that cannot load', () => {
  // Its chunk fails to download (often a deploy replaced the files under an open tab); without the
  // service worker, whose precache would serve the chunk.
  test.use({ serviceWorkers: 'block' });

  test('says so and offers a reload; going back draws the app again', async ({ page, context }) => {
    const shell = await signedIn(page, DEMO.manager);
    await context.route('**/assets/HistoryPage-*.js', (route) => route.abort('failed'));
    await shell.sidebarNav.getByRole('link', { name: 'Tarix' }).click();
    const failed = page.getByRole('alert').filter({ hasText: "Nimadir noto'g'ri ketdi" });
    await expect(failed).toContainText("Sahifani ko'rsatib bo'lmadi. Odatda qayta yuklash yordam beradi.");
    await expect(failed.getByRole('button', { name: 'Qayta yuklash' })).toBeVisible();

    await page.goBack();
    await expect(failed).toHaveCount(0);
    await expect(page).toHaveURL('/');
    await expect(shell.sidebarNav.getByRole('link', { name: 'Balans', exact: true })).toBeVisible();
  });
});
