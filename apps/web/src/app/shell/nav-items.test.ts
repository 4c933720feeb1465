import { canBuy, canProduce, canSell, keepsShifts, type Role } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { uzText } from '../../i18n/testing.ts';
import { desktopNavItems, mobileNavItems, type NavItem } from './nav-items.ts';

/** A user of `role` as who-am-I answers, in a business that allows `allowed` roles to sell and buy. */
const as = (role: Role, allowed: Role[] = []) => ({
  role,
  can_sell: canSell(role, allowed),
  can_buy: canBuy(role, allowed),
  can_produce: canProduce(role),
  keeps_shifts: keepsShifts(role, allowed),
});

/** Each entry as the Uzbek screen shows it: its label, then its path. */
const paths = (items: NavItem[]) => items.map((i) => `${uzText(i.label)} ${i.to}`);

describe('menus with the dashboard and the reports (DESIGN.md section 11)', () => {
  it('an Owner has the dashboard first and Balans at /, as every role (spec.md section 2)', () => {
    const items = paths(desktopNavItems(as('Owner')));
    expect(items[0]).toBe("Ko'rsatkichlar /dashboard");
    expect(items[1]).toBe('Balans /');
    expect(items.indexOf('Hisobotlar /reports')).toBe(items.indexOf('Transaksiya /transactions') + 1);
    expect(items.at(-1)).toBe('Boshqaruv /admin');
  });

  it('every role finds Kontragentlar and Qarzlar after Sotib olish and Sotish (DESIGN.md section 12)', () => {
    expect(paths(desktopNavItems(as('Bozorchi'))).slice(-8)).toEqual([
      'Sotish /sell',
      'Yangi sotuv /sell/new',
      'Sotuvlar /sales',
      'Qaytarishlar /returns',
      'Inventarizatsiya /stock-counts',
      'Smena /shift',
      'Kontragentlar /counterparties',
      'Qarzlar /debts',
    ]);
    expect(paths(desktopNavItems(as('Owner'))).slice(-9)).toEqual([
      'Sotuvlar /sales',
      'Xaridlar /purchases',
      'Qaytarishlar /returns',
      'Inventarizatsiya /stock-counts',
      'Ishlab chiqarish /production',
      'Smenalar /shifts',
      'Kontragentlar /counterparties',
      'Qarzlar /debts',
      'Boshqaruv /admin',
    ]);
    expect(paths(mobileNavItems(as('Kassir'))).slice(-5)).toEqual([
      'Sotib olish /buy',
      'Sotish /sell',
      'Smena /shift',
      'Kontragentlar /counterparties',
      'Qarzlar /debts',
    ]);
  });

  it('a manager sees the whole business too, without the administrators entry', () => {
    const items = paths(desktopNavItems(as('manager')));
    expect(items.slice(0, 2)).toEqual(["Ko'rsatkichlar /dashboard", 'Balans /']);
    expect(items).not.toContain('Boshqaruv /admin');
  });

  it('everyone else has the same two first entries', () => {
    const items = paths(desktopNavItems(as('Kassir')));
    expect(items.slice(0, 2)).toEqual(["Ko'rsatkichlar /dashboard", 'Balans /']);
    expect(items).toContain('Hisobotlar /reports');
    expect(items).not.toContain('Sotish /sell');
    // The phone menu lists every entry whatever the role: spec.md's ten, part two's four and the
    // Kassir's drawer (DESIGN.md section 22).
    expect(mobileNavItems(as('Kassir'))).toHaveLength(15);
  });

  it('the documents show to the roles that write them and, read-only, to those who see the whole business (DESIGN.md section 19)', () => {
    const documents = (items: NavItem[]) =>
      paths(items).filter((p) => / \/(sales|purchases|returns|sell\/new)$/.test(p));
    expect(documents(desktopNavItems(as('Bozorchi')))).toEqual([
      'Yangi sotuv /sell/new',
      'Sotuvlar /sales',
      'Qaytarishlar /returns',
    ]);
    expect(documents(mobileNavItems(as("Ta'minotchi")))).toEqual([
      'Xaridlar /purchases',
      'Qaytarishlar /returns',
    ]);
    expect(documents(desktopNavItems(as('manager')))).toEqual([
      'Sotuvlar /sales',
      'Xaridlar /purchases',
      'Qaytarishlar /returns',
    ]);
    expect(documents(mobileNavItems(as('Omborchi')))).toEqual([]);
    // A role the Owner allows in the settings writes both (who-am-I's can_sell and can_buy).
    expect(documents(desktopNavItems(as('Omborchi', ['Omborchi'])))).toEqual([
      'Yangi sotuv /sell/new',
      'Sotuvlar /sales',
      'Xaridlar /purchases',
      'Qaytarishlar /returns',
    ]);
  });

  it('stock counts show to the departments that hold stock and the whole business (DESIGN.md section 20)', () => {
    const counts = (items: NavItem[]) => paths(items).filter((p) => p.endsWith(' /stock-counts'));
    for (const role of ['Omborchi', 'Bozorchi', "Ta'minotchi", 'Owner', 'admin', 'manager'] as const)
      expect(counts(desktopNavItems(as(role))), role).toEqual(['Inventarizatsiya /stock-counts']);
    expect(counts(desktopNavItems(as('Kassir')))).toEqual([]);
  });

  it('production orders show to who writes them and to those who see the whole business (DESIGN.md section 21)', () => {
    const production = (items: NavItem[]) => paths(items).filter((p) => p.endsWith(' /production'));
    expect(production(desktopNavItems(as('Omborchi')))).toEqual(['Ishlab chiqarish /production']);
    expect(production(mobileNavItems(as('Omborchi')))).toEqual(['Ishlab chiqarish /production']);
    expect(production(desktopNavItems(as('manager')))).toEqual(['Ishlab chiqarish /production']);
    expect(production(desktopNavItems(as('Bozorchi')))).toEqual([]);
    expect(production(mobileNavItems(as('Kassir')))).toEqual([]);
  });

  it('the drawer shows to who keeps one, the shifts to those who see the whole business (DESIGN.md section 22)', () => {
    const shifts = (items: NavItem[]) => paths(items).filter((p) => / \/shifts?$/.test(p));
    expect(shifts(desktopNavItems(as('Kassir')))).toEqual(['Smena /shift']);
    expect(shifts(mobileNavItems(as('Bozorchi')))).toEqual(['Smena /shift']);
    // A role the Owner lets sell keeps a drawer too.
    expect(shifts(desktopNavItems(as('Omborchi', ['Omborchi'])))).toEqual(['Smena /shift']);
    expect(shifts(desktopNavItems(as('Omborchi')))).toEqual([]);
    for (const role of ['Owner', 'admin', 'manager'] as const)
      expect(shifts(desktopNavItems(as(role))), role).toEqual(['Smenalar /shifts']);
  });
});
