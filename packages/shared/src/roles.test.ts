import { describe, expect, it } from 'vitest';
import { canBuy, canSell, ROLES } from './roles.ts';

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
