import { describe, expect, it } from 'vitest';
import { changedFields } from './settings-changes.ts';

describe('the settings page sends only what changed', () => {
  const loaded = {
    name: 'Demo Savdo',
    follow_cbu: false,
    weight_barcodes: 'off',
    sale_roles: ['Kassir'],
    purchase_roles: ['Owner'],
  };

  it('sends the fields whose value differs, a role list when its roles do', () => {
    const body = { ...loaded, follow_cbu: true, sale_roles: ['Kassir', 'Omborchi'] };
    expect(changedFields(body, loaded)).toEqual({ follow_cbu: true, sale_roles: ['Kassir', 'Omborchi'] });
    expect(changedFields({ ...loaded, purchase_roles: [] as string[] }, loaded)).toEqual({
      purchase_roles: [],
    });
  });

  it('leaves out untouched fields, so a setting another administrator changed meanwhile stays', () => {
    expect(changedFields({ ...loaded }, loaded)).toEqual({});
    expect(changedFields({ ...loaded, sale_roles: ['Kassir'] }, loaded)).toEqual({});
  });

  it('sends everything when nothing was loaded', () => {
    expect(changedFields(loaded, undefined)).toEqual(loaded);
  });
});
