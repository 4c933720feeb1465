import { RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/Button.tsx';
import { SearchInput } from '../../../components/ui/SearchInput.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useT } from '../../../i18n/useT.ts';
import type { FilterOption, InventoryFilters } from '../lib/inventory-table.ts';

interface Props {
  filters: InventoryFilters;
  options: { products: FilterOption[]; sizes: FilterOption[]; colors: FilterOption[] };
  onChange: (filters: InventoryFilters) => void;
  onReset: () => void;
}

/** Search, product / size / colour filters and reset (spec.md section 2, Inventory). */
export function InventoryFilterBar({ filters, options, onChange, onReset }: Props) {
  const t = useT();
  const set = (patch: Partial<InventoryFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end">
      <SearchInput
        label={t('inventory.filters.search')}
        placeholder={t('inventory.filters.searchPlaceholder')}
        value={filters.search}
        onText={(search) => set({ search })}
      />
      <Select
        label={t('inventory.filters.product')}
        placeholder={t('inventory.filters.allProducts')}
        options={options.products}
        value={filters.product}
        onChange={(e) => set({ product: e.target.value })}
      />
      <Select
        label={t('inventory.balance.size')}
        placeholder={t('inventory.filters.allSizes')}
        options={options.sizes}
        value={filters.size}
        onChange={(e) => set({ size: e.target.value })}
      />
      <Select
        label={t('inventory.balance.color')}
        placeholder={t('inventory.filters.allColors')}
        options={options.colors}
        value={filters.color}
        onChange={(e) => set({ color: e.target.value })}
      />
      <Button
        variant="secondary"
        icon={<RotateCcw aria-hidden="true" className="h-4 w-4" />}
        onClick={onReset}
      >
        {t('inventory.filters.reset')}
      </Button>
    </div>
  );
}
