import type { ProductType, UnitMeasure } from '@app/shared';
import type { MessageKey } from '../../i18n/catalogue.ts';

// The names of a product's type and a unit's measure in the chosen language. The API also sends
// them in Uzbek (`type_display`, `measure_display`, from packages/shared's PRODUCT_TYPE_LABELS and
// UNIT_MEASURE_LABELS); the web shows these instead, and labels.test.ts holds the uz texts equal.

export const PRODUCT_TYPE_KEYS: Record<ProductType, MessageKey> = {
  RAW: 'catalog.productType.raw',
  SEMI: 'catalog.productType.semi',
  FINISHED: 'catalog.productType.finished',
};

export const UNIT_MEASURE_KEYS: Record<UnitMeasure, MessageKey> = {
  KG: 'catalog.measure.kg',
  M: 'catalog.measure.m',
  D: 'catalog.measure.piece',
};
