import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES, UNIT_MEASURE_LABELS, UNIT_MEASURES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { uzText } from '../../i18n/testing.ts';
import { PRODUCT_TYPE_KEYS, UNIT_MEASURE_KEYS } from './labels.ts';

describe("the catalogue's type and measure names", () => {
  it("are in Uzbek what the API's type_display and measure_display say", () => {
    for (const type of PRODUCT_TYPES) expect(uzText(PRODUCT_TYPE_KEYS[type])).toBe(PRODUCT_TYPE_LABELS[type]);
    for (const m of UNIT_MEASURES) expect(uzText(UNIT_MEASURE_KEYS[m])).toBe(UNIT_MEASURE_LABELS[m]);
  });
});
