import type { Product, Variant } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { uzText } from '../../i18n/testing.ts';
import type { Translate } from '../../i18n/useT.ts';
import {
  DELETE_CONFIRM_NOTE,
  deleteConfirmTitle,
  groupVariantsByProduct,
  isHexColor,
  matchesProductSearch,
  swatchColor,
} from './catalog-rules.ts';

describe('products search', () => {
  const product: Product = {
    id: 1,
    name: "Ko'ylak",
    model: 'KL-01',
    code: 3001,
    unit: 5,
    unit_name: 'Dona',
    type: 'FINISHED',
    type_display: 'Tayyor',
  };
  it('matches name, model, code and unit name, ignoring case', () => {
    for (const q of ["KO'Y", 'kl-0', '300', 'dona', '  '])
      expect(matchesProductSearch(product, q)).toBe(true);
    expect(matchesProductSearch(product, 'Tayyor')).toBe(false);
  });
  it('treats the Uzbek apostrophes alike (DESIGN.md section 14)', () => {
    for (const q of ['koʻylak', 'KO`Y', 'ko‘y', 'koʼylak'])
      expect(matchesProductSearch(product, q), q).toBe(true);
    expect(matchesProductSearch({ ...product, name: 'Oʻzbek doʻppi' }, "o'zbek do'ppi")).toBe(true);
  });
});

describe('helpers', () => {
  it('words the delete confirmation as spec.md says', () => {
    const t: Translate = (key, values) => uzText(key, values as Record<string, string>);
    expect(deleteConfirmTitle(t, 'Shim')).toBe("Haqiqatdan ham o'chirib tashlamqochimisiz Shim?");
    expect(uzText(DELETE_CONFIRM_NOTE)).toBe("Bu amalni ortga qaytarib bo'lmaydi.");
  });
  it('groups variants by product', () => {
    const v = (id: number, product: number) => ({ id, product }) as Variant;
    const groups = groupVariantsByProduct([v(1, 7), v(2, 8), v(3, 7)]);
    expect(groups.get(7)?.map((x) => x.id)).toEqual([1, 3]);
    expect(groups.get(9)).toBeUndefined();
  });
  it('checks hex codes and paints them with a #', () => {
    expect(isHexColor('1e40af')).toBe(true);
    expect(isHexColor('#1E40AF')).toBe(true);
    expect(isHexColor('#12345')).toBe(false);
    expect(swatchColor('1E40AF')).toBe('#1E40AF');
  });
});
