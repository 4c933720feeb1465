import { HEX_COLOR_PATTERN, type StockBalance, searchFold } from '@app/shared';

// The Inventory table's client-side search, filters and sorting (spec.md section 2, Inventory).
// A department may hold 10,000 variants, so the search text is built once per load and every
// comparison is a cheap string compare (no Decimal per comparison).

export interface InventoryFilters {
  search: string;
  product: string;
  size: string;
  color: string;
}

export const EMPTY_FILTERS: InventoryFilters = { search: '', product: '', size: '', color: '' };

export type InventorySortKey = 'product_code' | 'sku' | 'color' | 'size' | 'qty_on_hand' | 'updated_at';
export interface InventorySort {
  key: InventorySortKey;
  direction: 'asc' | 'desc';
}

export interface InventoryRow {
  balance: StockBalance;
  /** Lower-cased product code, SKU, label, colour and size: what the search box looks in. */
  haystack: string;
  productKey: string;
  sizeKey: string;
  colorKey: string;
}

export function toRows(balances: readonly StockBalance[]): InventoryRow[] {
  return balances.map((balance) => {
    const v = balance.variant;
    return {
      balance,
      haystack: searchFold(
        [v.product_code, v.sku, v.label, v.color_name, v.color_code, v.size_label]
          .filter((part) => part !== null && part !== '')
          .join(' '),
      ),
      productKey: String(v.product),
      sizeKey: v.size_label ?? '',
      colorKey: v.color_name ?? v.color_code ?? '',
    };
  });
}

export function filterRows(rows: readonly InventoryRow[], filters: InventoryFilters): InventoryRow[] {
  const needle = searchFold(filters.search.trim());
  if (!needle && !filters.product && !filters.size && !filters.color) return rows as InventoryRow[];
  return rows.filter(
    (row) =>
      (!needle || row.haystack.includes(needle)) &&
      (!filters.product || row.productKey === filters.product) &&
      (!filters.size || row.sizeKey === filters.size) &&
      (!filters.color || row.colorKey === filters.color),
  );
}

/**
 * Compares two non-negative decimal strings of one fixed scale ("12.500") exactly: the longer one
 * is larger, else the text order is the numeric order.
 */
export function compareFixedDecimal(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

// One collator: String#localeCompare with options builds one per call, far too slow for 10,000 rows.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
function compareText(a: string | null, b: string | null): number {
  return collator.compare(a ?? '', b ?? '');
}

const comparators: Record<InventorySortKey, (a: StockBalance, b: StockBalance) => number> = {
  product_code: (a, b) => a.variant.product_code - b.variant.product_code,
  sku: (a, b) => compareText(a.variant.sku, b.variant.sku),
  color: (a, b) =>
    compareText(a.variant.color_name ?? a.variant.color_code, b.variant.color_name ?? b.variant.color_code),
  size: (a, b) => compareText(a.variant.size_label, b.variant.size_label),
  qty_on_hand: (a, b) => compareFixedDecimal(a.qty_on_hand, b.qty_on_hand),
  // ISO 8601 UTC strings sort as text.
  updated_at: (a, b) => (a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : 0),
};

export function sortRows(rows: readonly InventoryRow[], sort: InventorySort | null): InventoryRow[] {
  if (!sort) return rows as InventoryRow[];
  const compare = comparators[sort.key];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a.balance, b.balance) || a.balance.id - b.balance.id);
}

export interface FilterOption {
  value: string;
  label: string;
}

/** The product, size and colour choices present in the data, each once, in a stable order. */
export function filterOptions(rows: readonly InventoryRow[]) {
  const products = new Map<string, string>();
  const sizes = new Set<string>();
  const colors = new Set<string>();
  for (const row of rows) {
    const v = row.balance.variant;
    if (!products.has(row.productKey)) products.set(row.productKey, `${v.product_code} · ${v.product_name}`);
    if (row.sizeKey) sizes.add(row.sizeKey);
    if (row.colorKey) colors.add(row.colorKey);
  }
  const byLabel = (a: FilterOption, b: FilterOption) => compareText(a.label, b.label);
  return {
    products: [...products].map(([value, label]) => ({ value, label })).sort(byLabel),
    sizes: [...sizes].map((s) => ({ value: s, label: s })).sort(byLabel),
    colors: [...colors].map((c) => ({ value: c, label: c })).sort(byLabel),
  };
}

/** spec.md section 9: a swatch only for 6 hex digits with an optional #. */
export function swatchColor(code: string | null | undefined): string | null {
  if (!code || !HEX_COLOR_PATTERN.test(code.trim())) return null;
  const hex = code.trim();
  return hex.startsWith('#') ? hex : `#${hex}`;
}

/** spec.md section 5: quantity and cost fields keep only digits, dot and minus. */
export function keepDecimalChars(value: string): string {
  return value.replace(/[^0-9.-]/g, '');
}
