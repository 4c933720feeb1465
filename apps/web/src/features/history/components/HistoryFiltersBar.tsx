import { Button } from '../../../components/ui/Button.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useRoleLabel } from '../../../i18n/role-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { type HistoryFilters, NO_FILTERS, useDepartments } from '../api/audit.ts';

/** What the rows are about, as the server records `entity` (DESIGN.md section 3 "Audit"). */
const ENTITIES: readonly { value: string; label: MessageKey }[] = [
  { value: 'offer', label: 'history.entity.offer' },
  { value: 'exchange', label: 'history.entity.exchange' },
  { value: 'money_transaction', label: 'history.entity.moneyTransaction' },
  { value: 'stock_entry', label: 'history.entity.stockEntry' },
  { value: 'stock_exit', label: 'history.entity.stockExit' },
  { value: 'product', label: 'history.entity.product' },
  { value: 'variant', label: 'history.entity.variant' },
  { value: 'location', label: 'history.entity.location' },
  { value: 'user', label: 'history.entity.user' },
];

interface Props {
  value: HistoryFilters;
  onChange: (next: HistoryFilters) => void;
  /** Owner, admin and manager see the whole business, so they may pick whose actions. */
  wholeBusiness: boolean;
}

export function HistoryFiltersBar({ value, onChange, wholeBusiness }: Props) {
  const t = useT();
  const roleLabel = useRoleLabel();
  const departments = useDepartments(wholeBusiness);
  const set = (key: keyof HistoryFilters) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Input
        label={t('history.filters.search')}
        placeholder={t('history.filters.searchPlaceholder')}
        value={value.search}
        onChange={set('search')}
      />
      {wholeBusiness ? (
        <Select
          label={t('history.filters.actor')}
          value={value.actor}
          onChange={set('actor')}
          options={[
            { value: '', label: t('history.filters.all') },
            ...(departments.data ?? []).map((u) => ({
              value: String(u.id),
              label: `${u.email} (${roleLabel(u.role)})`,
            })),
          ]}
        />
      ) : null}
      <Select
        label={t('history.filters.entity')}
        value={value.entity}
        onChange={set('entity')}
        options={[
          { value: '', label: t('history.filters.all') },
          ...ENTITIES.map((e) => ({ value: e.value, label: t(e.label) })),
        ]}
      />
      <Input
        label={t('history.filters.action')}
        placeholder={t('history.filters.actionPlaceholder')}
        value={value.action}
        onChange={set('action')}
      />
      <Input
        label={t('history.filters.dateFrom')}
        type="date"
        value={value.date_from}
        onChange={set('date_from')}
      />
      <Input
        label={t('history.filters.dateTo')}
        type="date"
        value={value.date_to}
        onChange={set('date_to')}
      />
      <div className="flex items-end">
        <Button variant="secondary" onClick={() => onChange(NO_FILTERS)}>
          {t('history.filters.clear')}
        </Button>
      </div>
    </div>
  );
}
