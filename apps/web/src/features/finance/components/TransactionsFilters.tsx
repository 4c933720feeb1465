import { CURRENCY_IDS, MONEY_TX_ORDERINGS, type MoneyTxOrdering } from '@app/shared';
import { Search } from 'lucide-react';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';

export interface TransactionFilters {
  search: string;
  currency: string;
  amountType: '' | 'positive' | 'negative';
  offer: '' | 'true' | 'false';
  ordering: MoneyTxOrdering;
  txType: '' | 'EXCHANGE' | 'DEBT';
}

export const DEFAULT_FILTERS: TransactionFilters = {
  search: '',
  currency: '',
  amountType: '',
  offer: '',
  ordering: '-created_at',
  txType: '',
};

const ORDERING_LABELS: Record<MoneyTxOrdering, string> = {
  '-created_at': 'Newest first',
  created_at: 'Oldest first',
  '-amount': 'Amount descending',
  amount: 'Amount ascending',
};

/** The search box and the five filters of spec.md section 2 "Money transactions". */
export function TransactionsFilters({
  value,
  onChange,
}: {
  value: TransactionFilters;
  onChange: (next: TransactionFilters) => void;
}) {
  const set = <K extends keyof TransactionFilters>(key: K, v: TransactionFilters[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
      <Input
        className="col-span-2 lg:col-span-1"
        label="Qidirish"
        type="search"
        placeholder="Sabab yoki ID"
        value={value.search}
        onChange={(e) => set('search', e.target.value)}
        trailing={<Search aria-hidden="true" className="mr-2 h-4 w-4 text-slate-400" />}
      />
      <Select label="Valyuta" value={value.currency} onChange={(e) => set('currency', e.target.value)}>
        <option value="">All</option>
        {Object.entries(CURRENCY_IDS).map(([code, id]) => (
          <option key={id} value={id}>
            {code}
          </option>
        ))}
      </Select>
      <Select
        label="Summa"
        value={value.amountType}
        onChange={(e) => set('amountType', e.target.value as TransactionFilters['amountType'])}
      >
        <option value="">All</option>
        <option value="positive">Kirim (+)</option>
        <option value="negative">Chiqim (-)</option>
      </Select>
      <Select
        label="Taklif"
        value={value.offer}
        onChange={(e) => set('offer', e.target.value as TransactionFilters['offer'])}
      >
        <option value="">All</option>
        <option value="true">With offer</option>
        <option value="false">Without offer</option>
      </Select>
      <Select
        label="Saralash"
        value={value.ordering}
        onChange={(e) => set('ordering', e.target.value as MoneyTxOrdering)}
      >
        {MONEY_TX_ORDERINGS.map((o) => (
          <option key={o} value={o}>
            {ORDERING_LABELS[o]}
          </option>
        ))}
      </Select>
      <Select
        label="Turi"
        value={value.txType}
        onChange={(e) => set('txType', e.target.value as TransactionFilters['txType'])}
      >
        <option value="">All</option>
        <option value="EXCHANGE">EXCHANGE</option>
        {/* DESIGN.md section 12: a payment of a debt is a DEBT ledger row. */}
        <option value="DEBT">DEBT</option>
      </Select>
    </div>
  );
}
