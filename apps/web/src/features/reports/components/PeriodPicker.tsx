import { CalendarDays } from 'lucide-react';
import { DateInput } from '../../../components/ui/DateInput.tsx';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { changePeriod, matchingPreset, PERIOD_PRESETS, type Period, presetPeriod } from '../period.ts';

export interface PeriodPickerProps {
  period: Period;
  /** Today in Tashkent: what the presets count from. */
  today: string;
  onChange: (period: Period) => void;
}

/**
 * The period of a report: five presets (weeks start on Monday) and the first and last day, both
 * inclusive (DESIGN.md section 11). The active preset is pressed; a custom period presses none.
 */
export function PeriodPicker({ period, today, onChange }: PeriodPickerProps) {
  const t = useT();
  const active = matchingPreset(period, today);
  return (
    // Full width on phones: the native date inputs' own width would otherwise push the picker
    // (a flex item as wide as its content) past the card at 375 px.
    <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
      <fieldset>
        <legend className="mb-1.5 flex items-center gap-1.5 text-sm font-medium text-slate-700">
          <CalendarDays aria-hidden="true" className="h-4 w-4 text-slate-400" />
          {t('reports.period.label')}
        </legend>
        <div className="flex flex-wrap gap-1.5">
          {PERIOD_PRESETS.map((preset) => (
            <button
              key={preset.id}
              type="button"
              aria-pressed={active === preset.id}
              onClick={() => onChange(presetPeriod(preset.id, today))}
              className={cn(
                'inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                active === preset.id
                  ? 'bg-brand-700 text-white shadow-sm'
                  : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {t(preset.label)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="flex w-full gap-3 sm:w-auto">
        <DateInput
          label={t('reports.period.from')}
          className="min-w-0 flex-1 sm:w-40 sm:flex-none"
          value={period.from}
          onChange={(e) => onChange(changePeriod(period, 'from', e.target.value))}
        />
        <DateInput
          label={t('reports.period.to')}
          className="min-w-0 flex-1 sm:w-40 sm:flex-none"
          value={period.to}
          onChange={(e) => onChange(changePeriod(period, 'to', e.target.value))}
        />
      </div>
    </div>
  );
}
