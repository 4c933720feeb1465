import {
  ADMIN_ROLES,
  type Role,
  STOCK_ENTRY_ROLES,
  STOCK_EXIT_ROLES,
  WHOLE_BUSINESS_ROLES,
  type WhoAmI,
} from '@app/shared';
import {
  ArrowDownLeft,
  ArrowLeftRight,
  ArrowUpRight,
  Banknote,
  Boxes,
  ChartColumn,
  ClipboardCheck,
  ClockArrowLeft,
  Contact,
  CornerUpLeft,
  Factory,
  FileInput,
  FileOutput,
  HandCoins,
  LayoutDashboard,
  LayoutList,
  ListChecks,
  type LucideIcon,
  MessageSquare,
  ScanBarcode,
  ShieldCheck,
  ShoppingCart,
  Store,
  Wallet,
} from 'lucide-react';
import { paths } from '../../config/paths.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';

export interface NavItem {
  to: string;
  /** The entry's text, as a catalogue key (NavList shows it in the chosen language). */
  label: MessageKey;
  icon: LucideIcon;
  /** Only these roles see the entry in the desktop sidebar. */
  roles?: readonly Role[];
  /** Also shown to whom who-am-I allows it (a document's writers, DESIGN.md section 19). */
  allowed?: (user: MenuUser) => boolean;
}

/** What the menus read of who-am-I. */
export type MenuUser = Pick<WhoAmI, 'role' | 'can_sell' | 'can_buy' | 'can_produce' | 'keeps_shifts'>;

/** The menu of spec.md section 2, in its order, with its exact labels. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.home, label: 'common.nav.balance', icon: Wallet },
  { to: paths.inventory, label: 'common.nav.inventory', icon: Boxes },
  { to: paths.catalog.root, label: 'common.nav.catalog', icon: LayoutList },
  { to: paths.income, label: 'common.nav.income', icon: ArrowDownLeft },
  { to: paths.outcome, label: 'common.nav.outcome', icon: ArrowUpRight },
  { to: paths.chat, label: 'common.nav.chat', icon: MessageSquare },
  { to: paths.history, label: 'common.nav.history', icon: ClockArrowLeft },
  { to: paths.transactions, label: 'common.nav.transactions', icon: ArrowLeftRight },
  { to: paths.buy, label: 'common.nav.buy', icon: ShoppingCart, roles: STOCK_ENTRY_ROLES },
  { to: paths.sell, label: 'common.nav.sell', icon: Store, roles: STOCK_EXIT_ROLES },
];

/**
 * DESIGN.md section 9: the administrators' area, after spec.md's ten entries, in both menus of
 * an Owner or admin and in neither menu of anyone else.
 */
export const ADMIN_NAV_ITEM: NavItem = {
  to: paths.admin.root,
  label: 'common.nav.admin',
  icon: ShieldCheck,
  roles: ADMIN_ROLES,
};

/** DESIGN.md section 11: the reports, after Transaksiya, for every signed-in role. */
export const REPORTS_NAV_ITEM: NavItem = {
  to: paths.reports.root,
  label: 'common.nav.reports',
  icon: ChartColumn,
};

/**
 * DESIGN.md section 12: the counterparties and the debt book, for every signed-in role, after
 * spec.md's ten (next to Buy and Sell, where credit sales and purchases are recorded).
 */
export const DEBT_NAV_ITEMS: readonly NavItem[] = [
  { to: paths.counterparties, label: 'common.nav.counterparties', icon: Contact },
  { to: paths.debts, label: 'common.nav.debts', icon: HandCoins },
];

/**
 * DESIGN.md section 19: the sales and purchases (documents) and the counter, after spec.md's ten,
 * in both menus of those who write them (who-am-I's can_sell and can_buy: the fixed role and the
 * roles the business allows) and, read-only, of the roles that see the whole business.
 */
export const DOCUMENT_NAV_ITEMS: readonly NavItem[] = [
  { to: paths.document.counter, label: 'common.nav.counter', icon: ScanBarcode, allowed: (u) => u.can_sell },
  {
    to: paths.document.sales,
    label: 'common.nav.sales',
    icon: FileOutput,
    roles: WHOLE_BUSINESS_ROLES,
    allowed: (u) => u.can_sell,
  },
  {
    to: paths.document.purchases,
    label: 'common.nav.purchases',
    icon: FileInput,
    roles: WHOLE_BUSINESS_ROLES,
    allowed: (u) => u.can_buy,
  },
  // DESIGN.md section 20: returns of sales and of purchases, for those who write either.
  {
    to: paths.document.returns,
    label: 'common.nav.returns',
    icon: CornerUpLeft,
    roles: WHOLE_BUSINESS_ROLES,
    allowed: (u) => u.can_sell || u.can_buy,
  },
  // DESIGN.md section 20: stock counts, for the departments that hold stock (and the roles a
  // business lets sell or buy) and those who see the whole business.
  {
    to: paths.document.stockCounts,
    label: 'common.nav.stockCounts',
    icon: ClipboardCheck,
    roles: ['Omborchi', 'Bozorchi', "Ta'minotchi", ...WHOLE_BUSINESS_ROLES],
    allowed: (u) => u.can_sell || u.can_buy,
  },
  // DESIGN.md section 21: production orders, for who writes them (who-am-I's can_produce).
  {
    to: paths.document.productions,
    label: 'common.nav.production',
    icon: Factory,
    roles: WHOLE_BUSINESS_ROLES,
    allowed: (u) => u.can_produce,
  },
  // DESIGN.md section 22: the department's own drawer (who-am-I's keeps_shifts), and the shifts
  // of every department for those who see the whole business.
  { to: paths.shift, label: 'common.nav.shift', icon: Banknote, allowed: (u) => u.keeps_shifts },
  { to: paths.shifts, label: 'common.nav.shifts', icon: ListChecks, roles: WHOLE_BUSINESS_ROLES },
];

/** DESIGN.md section 11: the dashboard, the first entry of both menus of every role. */
export const DASHBOARD_NAV_ITEM: NavItem = {
  to: paths.dashboard,
  label: 'common.nav.dashboard',
  icon: LayoutDashboard,
};

/**
 * Part two in both menus of every role: Dashboard first, Balans at / as spec.md section 2 has it
 * for everyone, Hisobotlar after Transaksiya (DESIGN.md section 11). The documents of the user's
 * role (DESIGN.md section 19), then Kontragentlar and Qarzlar
 * follow spec.md's entries (DESIGN.md section 12); the administrators' entry comes last
 * (DESIGN.md section 9).
 */
function withPartTwo(items: readonly NavItem[], user: MenuUser): NavItem[] {
  const { role } = user;
  const out: NavItem[] = [DASHBOARD_NAV_ITEM];
  for (const item of items) {
    out.push(item);
    if (item.to === paths.transactions) out.push(REPORTS_NAV_ITEM);
  }
  out.push(...DOCUMENT_NAV_ITEMS.filter((item) => item.roles?.includes(role) || item.allowed?.(user)));
  out.push(...DEBT_NAV_ITEMS);
  if (ADMIN_ROLES.includes(role)) out.push(ADMIN_NAV_ITEM);
  return out;
}

/** The desktop sidebar filters Buy and Sell by role (spec.md section 2). */
export function desktopNavItems(user: MenuUser): NavItem[] {
  return withPartTwo(
    NAV_ITEMS.filter((item) => !item.roles || item.roles.includes(user.role)),
    user,
  );
}

/** The mobile menu lists all ten entries of spec.md section 2, whatever the role (and part two's). */
export function mobileNavItems(user: MenuUser): NavItem[] {
  return withPartTwo(NAV_ITEMS, user);
}

export const SIDEBAR_COLLAPSED_KEY = 'sidebar-collapsed';
