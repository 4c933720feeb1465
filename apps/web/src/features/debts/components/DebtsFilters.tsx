import { DEBT_DIRECTIONS, DEBT_STATUSES } from '@app/shared';
import { useState } from 'react';
import { useCounterparty } from '../../../api/counterparties.ts';
import { type CounterpartyOption, CounterpartyPicker } from '../../../components/CounterpartyPicker.tsx';
import { DateRangeInputs } from '../../../components/DateRangeInputs.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useT } from '../../../i18n/useT.ts';
import { toOption, useCounterpartySearch } from '../api/counterparties.ts';
import type { DebtFilters } from '../debt-params.ts';
import { directionWithHint, STATUS_LABELS } from '../debt-rules.ts';
import type { UrlParams } from '../use-url-params.ts';

/**
 * The /debts filters (DESIGN.md section 12), kept in the URL: direction, status, counterparty
 * and the due-date range. They wrap on a phone.
 */
export function DebtsFilters({ filters, url }: { filters: DebtFilters; url: UrlParams }) {
  const t = useT();
  const searchCounterparties = useCounterpartySearch();
  // The picker shows the counterparty chosen here; one that came in the URL is named by its card.
  const [picked, setPicked] = useState<CounterpartyOption | null>(null);
  const fromUrl = useCounterparty(picked?.id === filters.counterparty ? undefined : filters.counterparty);
  const selected: CounterpartyOption | null =
    filters.counterparty === undefined
      ? null
      : picked?.id === filters.counterparty
        ? picked
        : fromUrl.data
          ? toOption(fromUrl.data, t)
          : { id: filters.counterparty, name: `#${filters.counterparty}` };
  const any = Object.values(filters).some((v) => v !== undefined);

  return (
    <Card className="flex flex-wrap items-end gap-3 p-4">
      <Select
        label={t('debts.common.direction')}
        className="w-full sm:w-56"
        value={filters.direction ?? ''}
        onChange={(e) => url.update({ direction: e.target.value })}
        options={[
          { value: '', label: t('debts.common.all') },
          ...DEBT_DIRECTIONS.map((d) => ({ value: d, label: directionWithHint(t, d) })),
        ]}
      />
      <Select
        label={t('debts.common.status')}
        className="w-full sm:w-44"
        value={filters.status ?? ''}
        onChange={(e) => url.update({ status: e.target.value })}
        options={[
          { value: '', label: t('debts.common.all') },
          ...DEBT_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABELS[s]) })),
        ]}
      />
      <CounterpartyPicker
        label={t('debts.common.counterparty')}
        className="w-full sm:w-72"
        floating
        value={selected}
        search={searchCounterparties}
        onChange={(c) => {
          setPicked(c);
          url.update({ counterparty: c ? String(c.id) : null });
        }}
      />
      <DueRange filters={filters} url={url} />
      {any ? (
        <Button
          variant="ghost"
          onClick={() => {
            setPicked(null);
            url.update({ direction: null, status: null, counterparty: null, due_from: null, due_to: null });
          }}
        >
          {t('debts.filters.clear')}
        </Button>
      ) : null}
    </Card>
  );
}

/** The due-date range: from and to, each bounding the other. */
function DueRange({ filters, url }: { filters: DebtFilters; url: UrlParams }) {
  const t = useT();
  return (
    <DateRangeInputs
      fromLabel={t('debts.filters.dueFrom')}
      toLabel={t('debts.filters.dueTo')}
      from={filters.due_from}
      to={filters.due_to}
      onFrom={(day) => url.update({ due_from: day })}
      onTo={(day) => url.update({ due_to: day })}
    />
  );
}
