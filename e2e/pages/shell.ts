import { expect, type Locator, type Page } from '@playwright/test';

/** The menu of spec.md section 2 (App shell), in its order, with its exact labels. */
export const MENU = [
  { path: '/', label: 'Balans' },
  { path: '/inventory', label: 'Balansdagi mahsulotlar' },
  { path: '/catalog', label: "Mahsulotlar ro'yxati" },
  { path: '/income', label: 'Kirim' },
  { path: '/outcome', label: 'Chiqim' },
  { path: '/chat', label: 'Chat' },
  { path: '/history', label: 'Tarix' },
  { path: '/transactions', label: 'Transaksiya' },
  { path: '/buy', label: 'Sotib olish' },
  { path: '/sell', label: 'Sotish' },
] as const;

/** DESIGN.md section 9: after spec.md's ten, in both menus of an Owner or admin only. */
export const ADMIN_ENTRY = { path: '/admin', label: 'Boshqaruv' } as const;

type Entry = { path: string; label: string };

/**
 * Clicks a tab (a NavLink) and waits for it to be the current one: React Router renders a
 * navigation as a transition, so until then the old screen, which may share the next step's
 * elements (a search box, rows, download buttons), is still on screen.
 */
export async function openTab(tab: Locator): Promise<void> {
  await tab.click();
  await expect(tab).toHaveAttribute('aria-current', 'page');
}

/** DESIGN.md section 12: the counterparties and the debt book, after spec.md's ten, for every role. */
/** DESIGN.md section 19: the counter, the sales and the purchases, each for the roles it is for. */
export const COUNTER_ENTRY = { path: '/sell/new', label: 'Yangi sotuv' } as const;
export const SALES_ENTRY = { path: '/sales', label: 'Sotuvlar' } as const;
export const PURCHASES_ENTRY = { path: '/purchases', label: 'Xaridlar' } as const;
/** DESIGN.md section 20: returns, for those who sell or buy and those who see the whole business. */
export const RETURNS_ENTRY = { path: '/returns', label: 'Qaytarishlar' } as const;
/** DESIGN.md section 20: stock counts, for the departments holding stock and the whole business. */
export const STOCK_COUNTS_ENTRY = { path: '/stock-counts', label: 'Inventarizatsiya' } as const;
/** DESIGN.md section 21: production orders, for their writers and the whole business's viewers. */
export const PRODUCTION_ENTRY = { path: '/production', label: 'Ishlab chiqarish' } as const;
/** DESIGN.md section 22: the drawer of who keeps one, the shifts for the whole business's viewers. */
export const SHIFT_ENTRY = { path: '/shift', label: 'Smena' } as const;
export const SHIFTS_ENTRY = { path: '/shifts', label: 'Smenalar' } as const;

export const DEBT_ENTRIES = [
  { path: '/counterparties', label: 'Kontragentlar' },
  { path: '/debts', label: 'Qarzlar' },
] as const;

/**
 * Part two in both menus of every role: Dashboard (/dashboard) first and Hisobotlar after
 * Transaksiya (DESIGN.md section 11), Kontragentlar and Qarzlar after spec.md's entries (section
 * 12), and before them the documents of the role (section 19). Balans stays at / for every role
 * (spec.md section 2).
 */
export function withPartTwo(entries: readonly Entry[], documents: readonly Entry[] = []): Entry[] {
  const out: Entry[] = [{ path: '/dashboard', label: "Ko'rsatkichlar" }];
  for (const entry of entries) {
    out.push(entry);
    if (entry.path === '/transactions') out.push({ path: '/reports', label: 'Hisobotlar' });
  }
  out.push(...documents, ...DEBT_ENTRIES);
  return out;
}

/** The shell around every protected page: desktop sidebar, phone top bar and drawer, user menu. */
export class Shell {
  readonly sidebar: Locator;
  readonly sidebarNav: Locator;
  readonly sidebarEmail: Locator;
  readonly collapseToggle: Locator;
  readonly topBar: Locator;
  readonly openDrawer: Locator;
  readonly drawer: Locator;
  readonly drawerNav: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByTestId('sidebar');
    this.sidebarNav = this.sidebar.getByRole('navigation', { name: 'Asosiy menyu' });
    this.sidebarEmail = page.getByTestId('sidebar-email');
    this.collapseToggle = this.sidebar.getByRole('button', { name: /^Yon panelni (yig'ish|yoyish)$/ });
    this.topBar = page.getByTestId('mobile-topbar');
    this.openDrawer = this.topBar.getByRole('button', { name: 'Menyuni ochish' });
    this.drawer = page.getByTestId('mobile-drawer');
    this.drawerNav = this.drawer.getByRole('navigation', { name: 'Mobil menyu' });
  }

  /** Waits until the shell has loaded the user (the sidebar or the top bar is on screen). */
  async ready(): Promise<void> {
    await expect(this.sidebar.or(this.topBar).filter({ visible: true })).toBeVisible();
  }

  /** The links of a menu, in order: where each goes and its visible label. */
  async entries(nav: Locator): Promise<Array<{ path: string | null; label: string }>> {
    const entries: Array<{ path: string | null; label: string }> = [];
    for (const link of await nav.getByRole('link').all()) {
      entries.push({
        path: await link.getAttribute('href'),
        label: ((await link.textContent()) ?? '').trim(),
      });
    }
    return entries;
  }

  async collapsedFlag(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem('sidebar-collapsed'));
  }

  /** Opens the user menu (sidebar on desktop, top bar on phones) and picks an entry. */
  async userMenu(item: 'Profil' | 'Logout', placement: 'sidebar' | 'topbar' = 'sidebar'): Promise<void> {
    await this.page.getByTestId(`user-menu-button-${placement}`).click();
    await this.page
      .getByRole('menu', { name: 'Foydalanuvchi menyusi' })
      .getByRole('menuitem', { name: item })
      .click();
  }
}
