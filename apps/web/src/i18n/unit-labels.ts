import { formatQuantity, type UnitMeasure } from '@app/shared';
import { useCallback } from 'react';
import type { MessageKey } from './catalogue.ts';
import { useT } from './useT.ts';

/** A unit of measure's short name after a quantity, in the chosen language (uz "dona", ru "шт."). */
export const UNIT_LABELS: Record<UnitMeasure, MessageKey> = {
  KG: 'common.unit.kg',
  M: 'common.unit.m',
  D: 'common.unit.piece',
};

/**
 * A quantity with its unit, "12.5 m", "40 dona" (DESIGN.md section 16); without a unit (a total
 * over different units has none) the quantity is left out: '—'.
 */
export function useQuantityText(): (qty: string, unit: UnitMeasure | null) => string {
  const t = useT();
  return useCallback(
    (qty, unit) => (unit === null ? '—' : `${formatQuantity(qty)} ${t(UNIT_LABELS[unit])}`),
    [t],
  );
}
