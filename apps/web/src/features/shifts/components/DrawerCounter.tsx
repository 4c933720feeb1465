import { formatMoney } from '@app/shared';
import { Calculator } from 'lucide-react';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { useT } from '../../../i18n/useT.ts';
import { type DrawerCount, denominationsOf, EMPTY_COUNT, notesTotal } from '../drawer-count.ts';
import { Money } from './ShiftBits.tsx';

/** A currency of the drawer: its id and its code (what its notes are). */
export interface DrawerRow {
  currency: number;
  code: string;
}

/**
 * The drawer counted per currency (DESIGN.md section 22), phone-first: one big amount field each,
 * or, opened per currency, its notes and coins counted one kind at a time with the total live.
 */
export function DrawerCounter({
  rows,
  counts,
  onChange,
  errors,
}: {
  rows: readonly DrawerRow[];
  counts: Readonly<Record<number, DrawerCount>>;
  onChange: (currency: number, count: DrawerCount) => void;
  errors: Readonly<Record<number, string>>;
}) {
  return (
    <div className="space-y-3">
      {rows.map((row) => (
        <CurrencyCount
          key={row.currency}
          row={row}
          count={counts[row.currency] ?? EMPTY_COUNT}
          onChange={(count) => onChange(row.currency, count)}
          error={errors[row.currency]}
        />
      ))}
    </div>
  );
}

function CurrencyCount({
  row,
  count,
  onChange,
  error,
}: {
  row: DrawerRow;
  count: DrawerCount;
  onChange: (count: DrawerCount) => void;
  error: string | undefined;
}) {
  const t = useT();
  const notes = denominationsOf(row.code);
  return (
    <Card className="space-y-3 p-4" data-testid={`drawer-${row.code}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{row.code}</h3>
        {notes.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={count.byNotes}
            icon={<Calculator aria-hidden="true" className="h-4 w-4" />}
            onClick={() => onChange({ ...count, byNotes: !count.byNotes })}
          >
            {t(count.byNotes ? 'shifts.count.byAmount' : 'shifts.count.byNotes', { code: row.code })}
          </Button>
        ) : null}
      </div>
      {count.byNotes ? (
        <>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {notes.map((value) => (
              <Input
                key={value}
                label={t('shifts.count.note', { value: formatMoney(value), code: row.code })}
                type="number"
                min="0"
                step="1"
                inputMode="numeric"
                inputClassName="h-12 text-lg"
                value={count.notes[value] ?? ''}
                onChange={(e) => onChange({ ...count, notes: { ...count.notes, [value]: e.target.value } })}
              />
            ))}
          </div>
          <p
            className="flex items-baseline justify-between gap-3 border-t border-slate-100 pt-3 text-slate-700"
            data-testid={`drawer-total-${row.code}`}
          >
            {t('shifts.count.notesTotal')}
            <Money value={notesTotal(count)} code={row.code} className="text-xl font-bold text-slate-900" />
          </p>
          <ErrorMessage>{error}</ErrorMessage>
        </>
      ) : (
        <MoneyInput
          label={t('shifts.count.amount', { code: row.code })}
          inputClassName="h-12 text-lg"
          value={count.amount}
          onChange={(e) => onChange({ ...count, amount: e.target.value })}
          error={error}
        />
      )}
    </Card>
  );
}
