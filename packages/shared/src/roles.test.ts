import { describe, expect, it } from 'vitest';
import { canBuy, canCount, canProduce, canSell, ROLES } from './roles.ts';

// Who sells and who buys with documents (DESIGN.md section 19): the fixed role, and the roles the
// Owner allows in the business's settings.

describe('canSell', () => {
  it('lets the Bozorchi sell whatever the settings say', () => {
    expect(canSell('Bozorchi', [])).toBe(true);
    expect(canSell('Bozorchi', ['Kassir'])).toBe(true);
  });
  it('lets another role sell only when the settings allow it', () => {
    for (const role of ROLES.filter((r) => r !== 'Bozorchi')) {
      expect(canSell(role, []), role).toBe(false);
      expect(canSell(role, [role]), role).toBe(true);
    }
    expect(canSell('Kassir', ['Omborchi'])).toBe(false);
  });
  it('refuses no role at all', () => {
    expect(canSell(undefined, ['Kassir'])).toBe(false);
  });
});

describe('canBuy', () => {
  it("lets the Ta'minotchi buy whatever the settings say", () => {
    expect(canBuy("Ta'minotchi", [])).toBe(true);
  });
  it('lets another role buy only when the settings allow it', () => {
    for (const role of ROLES.filter((r) => r !== "Ta'minotchi")) {
      expect(canBuy(role, []), role).toBe(false);
      expect(canBuy(role, [role]), role).toBe(true);
    }
    // The sale roles are not the purchase roles.
    expect(canBuy('Bozorchi', [])).toBe(false);
    expect(canBuy(undefined, ['Owner'])).toBe(false);
  });
});

describe('canCount and canProduce', () => {
  const none = { sale_roles: [], purchase_roles: [] };
  it('lets the departments that hold stock, the Owner and admins count; the cashier and managers not', () => {
    expect(ROLES.filter((r) => canCount(r, none))).toEqual([
      'admin',
      'Owner',
      'Omborchi',
      'Bozorchi',
      "Ta'minotchi",
    ]);
  });
  it('lets a role the business lets sell or buy count too', () => {
    expect(canCount('Kassir', { sale_roles: ['Kassir'], purchase_roles: [] })).toBe(true);
    expect(canCount('manager', { sale_roles: [], purchase_roles: ['manager'] })).toBe(true);
  });
  it('lets the workshop (the Omborchi) and the Owner produce', () => {
    expect(ROLES.filter((r) => canProduce(r))).toEqual(['Owner', 'Omborchi']);
  });
});
