import type { StockBalance } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  compareFixedDecimal,
  EMPTY_FILTERS,
  filterOptions,
  filterRows,
  keepDecimalChars,
  sortRows,
  swatchColor,
  toRows,
} from './inventory-table.ts';

function balance(
  id: number,
  extra: Partial<StockBalance['variant']> & { qty?: string; updated?: string } = {},
): StockBalance {
  const { qty = '1.000', updated = '2025-01-01T00:00:00.000Z', ...variant } = extra;
  return {
    id,
    qty_on_hand: qty,
    updated_at: updated,
    variant: {
      id,
      product: 1,
      product_name: 'Shirt',
      product_code: 100,
      sku: `SKU-${id}`,
      label: 'Shirt M-1 / Red / L',
      unit: 'D',
      color_name: 'Red',
      color_code: '#ff0000',
      size_label: 'L',
      barcode: null,
      ...variant,
    },
  };
}

const rows = toRows([
  balance(1, {
    qty: '12.500',
    sku: 'AB-1',
    product: 2,
    product_code: 7,
    product_name: 'Hat',
    size_label: 'M',
  }),
  balance(2, { qty: '3.000', sku: 'ZZ-9', color_name: 'Blue', color_code: '0000ff' }),
  balance(3, { qty: '100.000', sku: 'ab-2', updated: '2025-06-01T00:00:00.000Z' }),
]);
const ids = (list: ReturnType<typeof toRows>) => list.map((r) => r.balance.id);

describe('inventory table', () => {
  it('searches product code, SKU, label, colour and size, case-insensitively', () => {
    expect(ids(filterRows(rows, { ...EMPTY_FILTERS, search: 'ab-' }))).toEqual([1, 3]);
    expect(ids(filterRows(rows, { ...EMPTY_FILTERS, search: 'BLUE' }))).toEqual([2]);
    expect(ids(filterRows(rows, { ...EMPTY_FILTERS, search: '7' }))).toEqual([1]);
    expect(ids(filterRows(rows, { ...EMPTY_FILTERS, search: 'nothing' }))).toEqual([]);
  });

  it("treats the Uzbek apostrophes alike: o' finds oʻ (DESIGN.md section 14)", () => {
    const uzbek = toRows([balance(4, { qty: '1.000', sku: 'QO-1', color_name: 'Qoʻngʻir' })]);
    for (const search of ["qo'ng'ir", 'QO`NG`IR', 'qo‘ng‘ir'])
      expect(ids(filterRows(uzbek, { ...EMPTY_FILTERS, search })), search).toEqual([4]);
  });

  it('filters by product, size and colour together', () => {
    expect(ids(filterRows(rows, { ...EMPTY_FILTERS, product: '1' }))).toEqual([2, 3]);
    expect(ids(filterRows(rows, { ...EMPTY_FILTERS, product: '1', color: 'Red' }))).toEqual([3]);
    expect(ids(filterRows(rows, { ...EMPTY_FILTERS, size: 'M' }))).toEqual([1]);
  });

  it('sorts quantities numerically and exactly, both ways', () => {
    expect(ids(sortRows(rows, { key: 'qty_on_hand', direction: 'asc' }))).toEqual([2, 1, 3]);
    expect(ids(sortRows(rows, { key: 'qty_on_hand', direction: 'desc' }))).toEqual([3, 1, 2]);
    expect(compareFixedDecimal('9.999', '10.000')).toBeLessThan(0);
    expect(compareFixedDecimal('10.001', '10.000')).toBeGreaterThan(0);
    expect(ids(sortRows(rows, { key: 'updated_at', direction: 'desc' }))[0]).toBe(3);
    expect(ids(sortRows(rows, { key: 'product_code', direction: 'asc' }))[0]).toBe(1);
  });

  it('offers each product, size and colour once', () => {
    const options = filterOptions(rows);
    expect(options.products.map((p) => p.value).sort()).toEqual(['1', '2']);
    expect(options.colors.map((c) => c.value)).toEqual(['Blue', 'Red']);
    expect(options.sizes.map((s) => s.value)).toEqual(['L', 'M']);
  });

  it('shows a swatch only for 6 hex digits with an optional #', () => {
    expect(swatchColor('#ff0000')).toBe('#ff0000');
    expect(swatchColor('00FF00')).toBe('#00FF00');
    expect(swatchColor('#fff')).toBeNull();
    expect(swatchColor('red')).toBeNull();
    expect(swatchColor(null)).toBeNull();
  });

  it('keeps only digits, dot and minus in quantity and cost fields', () => {
    expect(keepDecimalChars('1 2a.5,0-')).toBe('12.50-');
    expect(keepDecimalChars('$1,500.00')).toBe('1500.00');
  });
});
