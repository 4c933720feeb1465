import { DateInput } from './ui/DateInput.tsx';

// A filter bar's date range (debts' due dates, documents' dates): two date inputs, each bounding
// the other, side by side on a phone too.

export interface DateRangeInputsProps {
  fromLabel: string;
  toLabel: string;
  from: string | undefined;
  to: string | undefined;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
}

export function DateRangeInputs({ fromLabel, toLabel, from, to, onFrom, onTo }: DateRangeInputsProps) {
  return (
    <div className="flex w-full gap-3 sm:w-auto">
      <DateInput
        label={fromLabel}
        className="min-w-0 flex-1 sm:w-40 sm:flex-none"
        value={from ?? ''}
        max={to}
        onChange={(e) => onFrom(e.target.value)}
      />
      <DateInput
        label={toLabel}
        className="min-w-0 flex-1 sm:w-40 sm:flex-none"
        value={to ?? ''}
        min={from}
        onChange={(e) => onTo(e.target.value)}
      />
    </div>
  );
}
