import { D, isDecimalString } from '@app/shared';
import { X } from 'lucide-react';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { changeLine, type EditLine, removeLine } from '../lib/lines.ts';
import { Money } from './DocumentBits.tsx';
import { QtyStepper } from './QtyStepper.tsx';

export interface LinesEditorProps {
  lines: EditLine[];
  onChange: (lines: EditLine[]) => void;
  currencyCode: string;
  /**
   * The counter: each line's price list price (undefined while it loads, null when there is
   * none). Left out, the price is typed on the line (`priceLabel`).
   */
  listPrice?: (line: EditLine) => string | null | undefined;
  priceLabel: MessageKey;
  /** The server's messages by line. */
  errors: Record<number, string>;
}

/** The lines being typed, one card each (phone-first): name, quantity stepper, price, amount, remove. */
export function LinesEditor({
  lines,
  onChange,
  currencyCode,
  listPrice,
  priceLabel,
  errors,
}: LinesEditorProps) {
  const t = useT();
  if (lines.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
        {t('documents.lines.empty')}
      </p>
    );
  return (
    <ul className="space-y-2" aria-label={t('documents.card.linesCaption')}>
      {lines.map((line, i) => {
        const price = listPrice ? listPrice(line) : line.price.trim();
        const qty = line.qty.trim();
        const amount =
          price && isDecimalString(price) && isDecimalString(qty)
            ? new D(qty).times(price).toDecimalPlaces(2).toFixed(2)
            : null;
        return (
          <li
            key={line.variant.id}
            data-testid="edit-line"
            data-sku={line.variant.sku}
            className="rounded-xl border border-slate-200 bg-white p-3 shadow-xs"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{line.variant.label}</p>
                <p className="font-mono text-xs text-slate-500">{line.variant.sku}</p>
              </div>
              <button
                type="button"
                className="-m-1 shrink-0 rounded-md p-2 text-slate-400 hover:bg-slate-100 hover:text-red-600"
                aria-label={t('documents.lines.remove', { name: line.variant.label })}
                onClick={() => onChange(removeLine(lines, i))}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </div>
            <div className="mt-2 flex flex-wrap items-end justify-between gap-x-3 gap-y-2">
              <QtyStepper
                value={line.qty}
                unit={line.variant.unit}
                label={line.variant.label}
                onChange={(next) => onChange(changeLine(lines, i, { qty: next }))}
              />
              {listPrice ? (
                <ListPrice price={price} code={currencyCode} />
              ) : (
                <MoneyInput
                  label={t(priceLabel)}
                  className="w-36"
                  value={line.price}
                  onChange={(e) => onChange(changeLine(lines, i, { price: e.target.value }))}
                />
              )}
              <p
                className="ml-auto text-right text-base font-semibold text-slate-900"
                data-testid="line-amount"
              >
                {amount ? <Money value={amount} code={currencyCode} /> : '—'}
              </p>
            </div>
            {errors[i] ? (
              <p role="alert" className="mt-2 text-sm text-red-700" data-testid="line-error">
                {errors[i]}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function ListPrice({ price, code }: { price: string | null | undefined; code: string }) {
  const t = useT();
  if (price === undefined) return <Spinner size="sm" />;
  if (price === null) return <span className="text-sm text-amber-700">{t('documents.lines.noPrice')}</span>;
  return (
    <span className="text-sm text-slate-600">
      × <Money value={price} code={code} />
    </span>
  );
}
