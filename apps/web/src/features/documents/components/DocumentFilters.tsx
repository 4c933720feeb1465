import { DOCUMENT_PREFIXES, DOCUMENT_STATUSES } from '@app/shared';
import { useState } from 'react';
import { useCounterparty } from '../../../api/counterparties.ts';
import { type CounterpartyOption, CounterpartyPicker } from '../../../components/CounterpartyPicker.tsx';
import { DateRangeInputs } from '../../../components/DateRangeInputs.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { SearchInput } from '../../../components/ui/SearchInput.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useT } from '../../../i18n/useT.ts';
import type { UrlParams } from '../../../lib/use-url-params.ts';
import { useCounterpartyOptions } from '../api/counterparties.ts';
import type { DocumentKindConfig } from '../kinds.ts';
import type { DocumentFilters as Filters } from '../lib/list-params.ts';
import { STATUS_LABELS } from './DocumentBits.tsx';

/** A document list's filters, kept in the URL: number, status, counterparty, date range. They wrap on a phone. */
export function DocumentFilters({
  kind,
  filters,
  url,
}: {
  kind: DocumentKindConfig;
  filters: Filters;
  url: UrlParams;
}) {
  const t = useT();
  const search = useCounterpartyOptions();
  const [picked, setPicked] = useState<CounterpartyOption | null>(null);
  const fromUrl = useCounterparty(picked?.id === filters.counterparty ? undefined : filters.counterparty);
  const selected: CounterpartyOption | null =
    filters.counterparty === undefined
      ? null
      : picked?.id === filters.counterparty
        ? picked
        : { id: filters.counterparty, name: fromUrl.data?.name ?? `#${filters.counterparty}` };
  // The number is typed freely and sent once it settles (the URL holds what was sent).
  const [number, setNumber] = useState(filters.search ?? '');
  const any = Object.values(filters).some((v) => v !== undefined);

  return (
    <Card className="flex flex-wrap items-end gap-3 p-4">
      <form
        className="w-full sm:w-44"
        onSubmit={(e) => {
          e.preventDefault();
          url.update({ search: number.trim() });
        }}
      >
        <SearchInput
          label={t('documents.filters.number')}
          placeholder={t('documents.filters.numberPlaceholder', { prefix: DOCUMENT_PREFIXES[kind.kind] })}
          value={number}
          onText={setNumber}
          onBlur={() => url.update({ search: number.trim() })}
        />
      </form>
      <Select
        label={t('documents.common.status')}
        className="w-full sm:w-44"
        value={filters.status ?? ''}
        onChange={(e) => url.update({ status: e.target.value })}
        options={[
          { value: '', label: t('documents.filters.all') },
          ...DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABELS[s]) })),
        ]}
      />
      {kind.noCounterparty ? null : (
        <CounterpartyPicker
          label={t(kind.words.counterparty)}
          className="w-full sm:w-64"
          floating
          value={selected}
          search={search}
          onChange={(c) => {
            setPicked(c);
            url.update({ counterparty: c ? String(c.id) : null });
          }}
        />
      )}
      <DateRange filters={filters} url={url} />
      {any ? (
        <Button
          variant="ghost"
          onClick={() => {
            setPicked(null);
            setNumber('');
            url.update({ status: null, counterparty: null, date_from: null, date_to: null, search: null });
          }}
        >
          {t('documents.filters.clear')}
        </Button>
      ) : null}
    </Card>
  );
}

/** The date range: from and to, each bounding the other. */
function DateRange({ filters, url }: { filters: Filters; url: UrlParams }) {
  const t = useT();
  return (
    <DateRangeInputs
      fromLabel={t('documents.filters.dateFrom')}
      toLabel={t('documents.filters.dateTo')}
      from={filters.date_from}
      to={filters.date_to}
      onFrom={(day) => url.update({ date_from: day })}
      onTo={(day) => url.update({ date_to: day })}
    />
  );
}
