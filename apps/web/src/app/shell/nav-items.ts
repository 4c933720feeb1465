import { ADMIN_ROLES, type Role, STOCK_ENTRY_ROLES, STOCK_EXIT_ROLES } from '@app/shared';
import {
  ArrowDownLeft,
  ArrowLeftRight,
  ArrowUpRight,
  Boxes,
  ClockArrowLeft,
  LayoutList,
  type LucideIcon,
  MessageSquare,
  ShieldCheck,
  ShoppingCart,
  Store,
  Wallet,
} from 'lucide-react';
import { paths } from '../../config/paths.ts';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Only these roles see the entry in the desktop sidebar. */
  roles?: readonly Role[];
}

/** The menu of spec.md section 2, in its order, with its exact labels. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.home, label: 'Balans', icon: Wallet },
  { to: paths.inventory, label: 'Balansdagi mahsulotlar', icon: Boxes },
  { to: paths.catalog.root, label: "Mahsulotlar ro'yxati", icon: LayoutList },
  { to: paths.income, label: 'Kirim', icon: ArrowDownLeft },
  { to: paths.outcome, label: 'Chiqim', icon: ArrowUpRight },
  { to: paths.chat, label: 'Chat', icon: MessageSquare },
  { to: paths.history, label: 'Tarix', icon: ClockArrowLeft },
  { to: paths.transactions, label: 'Transaksiya', icon: ArrowLeftRight },
  { to: paths.buy, label: 'Sotib olish', icon: ShoppingCart, roles: STOCK_ENTRY_ROLES },
  { to: paths.sell, label: 'Sotish', icon: Store, roles: STOCK_EXIT_ROLES },
];

/**
 * DESIGN.md section 9: the administrators' area, after spec.md's ten entries, in both menus of
 * an Owner or admin and in neither menu of anyone else.
 */
export const ADMIN_NAV_ITEM: NavItem = {
  to: paths.admin.root,
  label: 'Boshqaruv',
  icon: ShieldCheck,
  roles: ADMIN_ROLES,
};

function withAdmin(items: readonly NavItem[], role: Role): NavItem[] {
  return ADMIN_ROLES.includes(role) ? [...items, ADMIN_NAV_ITEM] : [...items];
}

/** The desktop sidebar filters Buy and Sell by role (spec.md section 2). */
export function desktopNavItems(role: Role): NavItem[] {
  return withAdmin(
    NAV_ITEMS.filter((item) => !item.roles || item.roles.includes(role)),
    role,
  );
}

/** The mobile menu lists all ten entries of spec.md section 2, whatever the role. */
export function mobileNavItems(role: Role): NavItem[] {
  return withAdmin(NAV_ITEMS, role);
}

export const SIDEBAR_COLLAPSED_KEY = 'sidebar-collapsed';
