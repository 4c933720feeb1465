// Role strings exactly as DESIGN.md section 3 spells them.
export const ROLES = ['Kassir', 'admin', 'manager', 'Owner', 'Omborchi', 'Bozorchi', "Ta'minotchi"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** spec.md section 6: who may create, edit and delete catalogue rows. */
export const CATALOG_WRITE_ROLES: readonly Role[] = ['Owner', 'Omborchi', 'Bozorchi'];
/** spec.md section 6: only the cashier records external transactions. */
export const EXTERNAL_TX_ROLES: readonly Role[] = ['Kassir'];
/** spec.md section 2: /buy and its stock entries. */
export const STOCK_ENTRY_ROLES: readonly Role[] = ["Ta'minotchi"];
/** spec.md section 2: /sell and its stock exits. */
export const STOCK_EXIT_ROLES: readonly Role[] = ['Bozorchi'];

export function canWriteCatalog(role: string | undefined): boolean {
  return CATALOG_WRITE_ROLES.includes(role as Role);
}

/** DESIGN.md part two: the roles that see the whole business (others see their own department). */
export const WHOLE_BUSINESS_ROLES: readonly Role[] = ['Owner', 'admin', 'manager'];

export function seesWholeBusiness(role: string | undefined): boolean {
  return WHOLE_BUSINESS_ROLES.includes(role as Role);
}

/** DESIGN.md section 12: who sees every debt of the business (the viewers of the whole business and the cashier). */
export function seesEveryDebt(role: string | undefined): boolean {
  return seesWholeBusiness(role) || role === 'Kassir';
}

/** DESIGN.md section 9: the administrators, who manage users, rates, balances and settings (/admin). */
export const ADMIN_ROLES: readonly Role[] = ['Owner', 'admin'];

export function isAdministrator(role: string | undefined): boolean {
  return ADMIN_ROLES.includes(role as Role);
}

/** DESIGN.md section 19: the department that sells with documents (sales, the counter). */
export const SALE_ROLES: readonly Role[] = ['Bozorchi'];
/** DESIGN.md section 19: the department that buys with documents (purchases). */
export const PURCHASE_ROLES: readonly Role[] = ["Ta'minotchi"];

/** Whether `role` sells: the Bozorchi, or a role the Owner allows in the settings (`sale_roles`). */
export function canSell(role: string | undefined, saleRoles: readonly string[]): boolean {
  return SALE_ROLES.includes(role as Role) || (role !== undefined && saleRoles.includes(role));
}

/** Whether `role` buys: the Ta'minotchi, or a role the Owner allows in the settings (`purchase_roles`). */
export function canBuy(role: string | undefined, purchaseRoles: readonly string[]): boolean {
  return PURCHASE_ROLES.includes(role as Role) || (role !== undefined && purchaseRoles.includes(role));
}

/** DESIGN.md section 21: the department that makes goods (the workshop keeps the stock: the Omborchi), and the Owner. */
export const PRODUCTION_ROLES: readonly Role[] = ['Omborchi', 'Owner'];

export function canProduce(role: string | undefined): boolean {
  return PRODUCTION_ROLES.includes(role as Role);
}

/** DESIGN.md section 20: the departments that hold stock count it; the Owner and admins count any department. */
export const STOCK_COUNT_ROLES: readonly Role[] = ['Omborchi', 'Bozorchi', "Ta'minotchi", 'Owner', 'admin'];

/** Whether `role` counts stock: a counting role, or one the business lets sell or buy. */
export function canCount(
  role: string | undefined,
  allowed: { sale_roles: readonly string[]; purchase_roles: readonly string[] },
): boolean {
  return (
    STOCK_COUNT_ROLES.includes(role as Role) ||
    canSell(role, allowed.sale_roles) ||
    canBuy(role, allowed.purchase_roles)
  );
}

/** DESIGN.md section 22: the departments that keep a cash drawer and its shifts (the Kassir, and whoever sells). */
export const SHIFT_ROLES: readonly Role[] = ['Kassir', ...SALE_ROLES];

/** Whether `role` opens and closes cash shifts: the Kassir, or a department that sells. */
export function keepsShifts(role: string | undefined, saleRoles: readonly string[]): boolean {
  return SHIFT_ROLES.includes(role as Role) || canSell(role, saleRoles);
}
