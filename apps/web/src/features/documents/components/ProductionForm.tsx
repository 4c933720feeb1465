import type { Document } from '@app/shared';
import { Link } from 'react-router';
import { useCurrencies } from '../../../api/currencies.ts';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { VariantPicker } from '../../../components/VariantPicker.tsx';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { type OutputOption, searchOutputVariants, useOutputRecipe } from '../api/production.ts';
import { recipePath } from '../lib/production.ts';
import { type InputRow, inputRows, rowError, useProductionForm } from '../lib/use-production-form.ts';
import { Money } from './DocumentBits.tsx';
import { FormButtons } from './FormButtons.tsx';

/**
 * A new production order (DESIGN.md section 21): the output and its quantity, then its recipe's
 * inputs at the recipe's quantity x the output's, each editable to what was actually used; the
 * currency (UZS by default) and a note. Saved as a draft or created and posted.
 */
export function ProductionForm({
  draft,
  onDone,
  onCancel,
}: {
  /** A draft to change (its card's "edit"); none for a new order. */
  draft?: Document;
  onDone: (doc: Document) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const form = useProductionForm(onDone, draft);
  const { state, change, errors } = form;
  const recipe = useOutputRecipe(state.output);
  const rows = recipe.recipe ? inputRows(state, recipe.recipe.version.inputs) : [];
  const ready = state.output !== null && state.qty.trim() !== '';
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void form.save(rows, true);
      }}
    >
      <Card className="grid gap-4 p-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <VariantPicker
          label={t('documents.production.output')}
          value={state.output}
          onChange={(v) => change({ output: v as OutputOption | null, used: {} })}
          search={searchOutputVariants}
          error={errors.fields.output}
        />
        <Input
          label={t('documents.production.qty')}
          inputMode="decimal"
          value={state.qty}
          onChange={(e) => change({ qty: e.target.value })}
          error={errors.fields.qty}
          data-testid="production-qty"
        />
      </Card>
      <InputsPreview
        output={state.output}
        recipe={recipe}
        rows={rows}
        errorOf={(i, variant) => rowError(errors, i, variant)}
        onUsed={(variant, qty) => change({ used: { ...state.used, [variant]: qty } })}
      />
      <Card className="grid gap-4 p-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <CurrencySelect value={state.currency} onChange={(currency) => change({ currency })} />
        <Input
          label={t('documents.common.note')}
          value={state.note}
          maxLength={1000}
          onChange={(e) => change({ note: e.target.value })}
        />
      </Card>
      {errors.detail ? <ErrorMessage>{errors.detail}</ErrorMessage> : null}
      <FormButtons
        pending={form.pending}
        empty={!ready}
        onCancel={onCancel}
        onDraft={() => void form.save(rows, false)}
      />
    </form>
  );
}

/** The order's currency: UZS (the server's default) or another of the business's. */
function CurrencySelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useT();
  const currencies = useCurrencies().data ?? [];
  const uzs = currencies.find((c) => c.code === 'UZS');
  return (
    <Select
      label={t('documents.payment.currency')}
      value={value || (uzs ? String(uzs.id) : '')}
      options={currencies.map((c) => ({ value: String(c.id), label: c.code }))}
      onChange={(e) => onChange(e.target.value === String(uzs?.id) ? '' : e.target.value)}
    />
  );
}

/** The recipe's inputs for this order: per unit, planned (per unit x quantity) and the used quantity typed. */
function InputsPreview({
  output,
  recipe,
  rows,
  errorOf,
  onUsed,
}: {
  output: OutputOption | null;
  recipe: ReturnType<typeof useOutputRecipe>;
  rows: InputRow[];
  errorOf: (index: number, variant: number) => string | undefined;
  onUsed: (variant: number, qty: string) => void;
}) {
  const t = useT();
  if (output === null) return null;
  if (recipe.pending) return <LoadingText />;
  if (!recipe.recipe)
    return recipe.none ? <ErrorMessage>{t('documents.production.noRecipe')}</ErrorMessage> : null;
  return (
    <Card className="space-y-3 p-4" data-testid="production-inputs">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{t('documents.production.inputs')}</h2>
        <Link
          to={recipePath({ id: recipe.recipe.id, version: recipe.recipe.current_version })}
          className="text-sm text-brand-700 hover:underline"
        >
          {t('documents.production.version', { version: String(recipe.recipe.current_version) })}
        </Link>
      </div>
      {recipe.recipe.version.estimate_uzs !== null ? (
        <p className="text-sm text-slate-600" data-testid="production-estimate">
          {t('documents.production.estimate')}:{' '}
          <Money value={recipe.recipe.version.estimate_uzs} code="UZS" />
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100">
        {rows.map((row, i) => (
          <PreviewRow key={row.variant.id} row={row} error={errorOf(i, row.variant.id)} onUsed={onUsed} />
        ))}
      </ul>
    </Card>
  );
}

function PreviewRow({
  row,
  error,
  onUsed,
}: {
  row: InputRow;
  error: string | undefined;
  onUsed: (variant: number, qty: string) => void;
}) {
  const t = useT();
  const quantity = useQuantityText();
  return (
    <li
      className="grid gap-2 py-2 sm:grid-cols-[minmax(0,1fr)_9rem_9rem] sm:items-center"
      data-testid="production-input-row"
    >
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{row.variant.label}</p>
        <p className="font-mono text-xs text-slate-500">{row.variant.sku}</p>
      </div>
      <div className="text-sm sm:text-right">
        <span className="block text-xs text-slate-500">{t('documents.production.planned')}</span>
        <span className="tabular-nums" data-testid="planned">
          {row.planned ? quantity(row.planned, row.variant.unit) : '—'}
        </span>
      </div>
      <Input
        label={t('documents.production.used')}
        inputMode="decimal"
        value={row.used}
        onChange={(e) => onUsed(row.variant.id, e.target.value)}
        error={error}
      />
    </li>
  );
}
