import type { UnitMeasure } from '@app/shared';
import { Minus, Plus } from 'lucide-react';
import { UNIT_LABELS } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { isValidQuantity, quantityStep, stepQuantity } from '../lib/quantity.ts';

/** A line's quantity: − and + by one unit, or typed (pieces whole, kg and m to 0.001), with its unit. */
export function QtyStepper({
  value,
  unit,
  onChange,
  label,
}: {
  value: string;
  unit: UnitMeasure;
  onChange: (qty: string) => void;
  /** The line's name, for the buttons' and field's accessible names. */
  label: string;
}) {
  const t = useT();
  const invalid = !isValidQuantity(value, unit);
  const button =
    'flex h-11 w-11 shrink-0 items-center justify-center text-slate-700 hover:bg-slate-100 active:bg-slate-200 disabled:opacity-40';
  return (
    <div className="flex items-center gap-1.5">
      <div
        className={cn(
          'flex items-stretch overflow-hidden rounded-lg border bg-white',
          invalid ? 'border-red-400' : 'border-slate-300',
        )}
      >
        <button
          type="button"
          className={button}
          aria-label={t('documents.qty.less', { name: label })}
          onClick={() => onChange(stepQuantity(value, unit, -1))}
        >
          <Minus aria-hidden="true" className="h-4 w-4" />
        </button>
        <input
          type="number"
          inputMode={unit === 'D' ? 'numeric' : 'decimal'}
          min={quantityStep(unit)}
          step={quantityStep(unit)}
          value={value}
          aria-label={t('documents.qty.field', { name: label })}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.target.value)}
          className="w-16 border-x border-slate-200 text-center text-base font-semibold tabular-nums outline-none focus:bg-brand-50 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={button}
          aria-label={t('documents.qty.more', { name: label })}
          onClick={() => onChange(stepQuantity(value, unit, 1))}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      <span className="text-sm text-slate-500">{t(UNIT_LABELS[unit])}</span>
    </div>
  );
}
