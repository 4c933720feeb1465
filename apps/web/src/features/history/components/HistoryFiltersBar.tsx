import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@app/shared';
import { useDepartments } from '../../../api/departments.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { DateInput } from '../../../components/ui/DateInput.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useRoleLabel } from '../../../i18n/role-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { type HistoryFilters, NO_FILTERS } from '../api/audit.ts';
import { ACTION_PHRASES, ENTITY_NOUNS } from '../history-words.ts';

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
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 [&>*]:min-w-0">
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
          ...AUDIT_ENTITIES.map((e) => ({ value: e, label: t(ENTITY_NOUNS[e]) })),
        ]}
      />
      <Select
        label={t('history.filters.action')}
        value={value.action}
        onChange={set('action')}
        options={[
          { value: '', label: t('history.filters.all') },
          ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(ACTION_PHRASES[a]) })),
        ]}
      />
      <DateInput label={t('history.filters.dateFrom')} value={value.date_from} onChange={set('date_from')} />
      <DateInput label={t('history.filters.dateTo')} value={value.date_to} onChange={set('date_to')} />
      <div className="flex items-end">
        <Button variant="secondary" onClick={() => onChange(NO_FILTERS)}>
          {t('history.filters.clear')}
        </Button>
      </div>
    </div>
  );
}
