import { CURRENCY_IDS, MONEY_TX_ORDERINGS, type MoneyTxOrdering, TX_TYPES, type TxType } from '@app/shared';
import { SearchInput } from '../../../components/ui/SearchInput.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { TX_TYPE_LABELS } from '../tx-types.ts';

export interface TransactionFilters {
  search: string;
  currency: string;
  amountType: '' | 'positive' | 'negative';
  offer: '' | 'true' | 'false';
  ordering: MoneyTxOrdering;
  txType: '' | TxType;
}

export const DEFAULT_FILTERS: TransactionFilters = {
  search: '',
  currency: '',
  amountType: '',
  offer: '',
  ordering: '-created_at',
  txType: '',
};

const ORDERING_LABELS: Record<MoneyTxOrdering, MessageKey> = {
  '-created_at': 'finance.filters.ordering.newest',
  created_at: 'finance.filters.ordering.oldest',
  '-amount': 'finance.filters.ordering.amountDesc',
  amount: 'finance.filters.ordering.amountAsc',
};

/**
 * The search box and the five filters of spec.md section 2 "Money transactions"; the type filter
 * names every ledger type (DESIGN.md sections 12 and 19), spec.md's EXCHANGE among them.
 */
export function TransactionsFilters({
  value,
  onChange,
}: {
  value: TransactionFilters;
  onChange: (next: TransactionFilters) => void;
}) {
  const t = useT();
  const set = <K extends keyof TransactionFilters>(key: K, v: TransactionFilters[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
      <SearchInput
        className="col-span-2 lg:col-span-1"
        label={t('finance.filters.search')}
        placeholder={t('finance.filters.searchPlaceholder')}
        value={value.search}
        onText={(text) => set('search', text)}
      />
      <Select
        label={t('finance.filters.currency')}
        value={value.currency}
        onChange={(e) => set('currency', e.target.value)}
      >
        <option value="">{t('finance.filters.all')}</option>
        {Object.entries(CURRENCY_IDS).map(([code, id]) => (
          <option key={id} value={id}>
            {code}
          </option>
        ))}
      </Select>
      <Select
        label={t('finance.filters.amount')}
        value={value.amountType}
        onChange={(e) => set('amountType', e.target.value as TransactionFilters['amountType'])}
      >
        <option value="">{t('finance.filters.all')}</option>
        <option value="positive">{t('finance.filters.incoming')}</option>
        <option value="negative">{t('finance.filters.outgoing')}</option>
      </Select>
      <Select
        label={t('finance.filters.offer')}
        value={value.offer}
        onChange={(e) => set('offer', e.target.value as TransactionFilters['offer'])}
      >
        <option value="">{t('finance.filters.all')}</option>
        <option value="true">{t('finance.filters.withOffer')}</option>
        <option value="false">{t('finance.filters.withoutOffer')}</option>
      </Select>
      <Select
        label={t('finance.filters.ordering')}
        value={value.ordering}
        onChange={(e) => set('ordering', e.target.value as MoneyTxOrdering)}
      >
        {MONEY_TX_ORDERINGS.map((o) => (
          <option key={o} value={o}>
            {t(ORDERING_LABELS[o])}
          </option>
        ))}
      </Select>
      <Select
        label={t('finance.filters.type')}
        value={value.txType}
        onChange={(e) => set('txType', e.target.value as TransactionFilters['txType'])}
      >
        <option value="">{t('finance.filters.all')}</option>
        {TX_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(TX_TYPE_LABELS[type])}
          </option>
        ))}
      </Select>
    </div>
  );
}
