import { D, type Document } from '@app/shared';
import { Card } from '../../../components/ui/Card.tsx';
import { controlClasses } from '../../../components/ui/Field.tsx';
import { UNIT_LABELS, useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { quantityStep } from '../lib/quantity.ts';
import { leftOf, lineRefund, readReturnQty } from '../lib/returns.ts';
import { Money } from './DocumentBits.tsx';

/**
 * A return's lines, one card per line of the source (DESIGN.md section 20): what was sold or
 * bought, what posted returns took, what can still come back, the quantity (0 by default, "all"
 * fills what is left) and what it refunds. `errors` are the server's or the page's, by line.
 */
export function ReturnLines({
  source,
  qtys,
  onChange,
  errors,
}: {
  source: Document;
  qtys: readonly string[];
  onChange: (index: number, qty: string) => void;
  errors: Record<number, string>;
}) {
  const t = useT();
  return (
    <ul className="space-y-2" aria-label={t('documents.card.linesCaption')}>
      {source.lines.map((line, i) => (
        <ReturnLine
          key={line.id}
          source={source}
          index={i}
          typed={qtys[i] ?? ''}
          onChange={(qty) => onChange(i, qty)}
          serverError={errors[i]}
        />
      ))}
    </ul>
  );
}

/** One line: its counts, the quantity field with "all", and what it refunds. */
function ReturnLine({
  source,
  index,
  typed,
  onChange,
  serverError,
}: {
  source: Document;
  index: number;
  typed: string;
  onChange: (qty: string) => void;
  serverError: string | undefined;
}) {
  const t = useT();
  const quantity = useQuantityText();
  const line = source.lines[index];
  if (!line) return null;
  const soldLabel = source.kind === 'PURCHASE' ? 'documents.returnForm.bought' : 'documents.returnForm.sold';
  const unit = line.variant.unit;
  const left = leftOf(line);
  const qty = readReturnQty(typed, unit);
  const beyond = qty?.gt(left) ?? false;
  const error = serverError ?? (qty === null ? t('documents.returnForm.badQty') : undefined);
  const fieldId = `return-qty-${line.id}`;
  return (
    <li data-testid="return-line">
      <Card className="flex flex-col gap-3 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="font-medium break-words text-slate-900">{line.variant.label}</p>
          <p className="font-mono text-xs text-slate-500">{line.variant.sku}</p>
          <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
            <span>{t(soldLabel, { qty: quantity(line.qty, unit) })}</span>
            <span>{t('documents.returnForm.returned', { qty: quantity(line.returned ?? '0', unit) })}</span>
            <span
              className={cn('font-semibold', beyond ? 'text-red-700' : 'text-slate-900')}
              data-testid="return-left"
            >
              {t('documents.returnForm.left', { qty: quantity(left.toString(), unit) })}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          <label htmlFor={fieldId} className="sr-only">
            {t('documents.qty.field', { name: line.variant.label })}
          </label>
          <input
            id={fieldId}
            type="number"
            inputMode={unit === 'D' ? 'numeric' : 'decimal'}
            min="0"
            step={quantityStep(unit)}
            value={typed}
            disabled={left.isZero()}
            aria-invalid={error !== undefined || beyond}
            onChange={(e) => onChange(e.target.value)}
            className={cn(controlClasses.replace('w-full', 'w-24'), 'h-10 text-right tabular-nums')}
          />
          <span className="text-xs text-slate-500">{t(UNIT_LABELS[unit])}</span>
          <button
            type="button"
            className="h-10 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-40"
            disabled={left.isZero()}
            onClick={() => onChange(left.toString())}
          >
            {t('documents.returnForm.all')}
          </button>
          <span className="min-w-28 text-right font-semibold text-slate-900">
            <Money value={lineRefund(line, qty ?? new D(0))} code={source.currency_code} />
          </span>
        </div>
      </Card>
      {error ? (
        <p role="alert" className="mt-1 px-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </li>
  );
}
