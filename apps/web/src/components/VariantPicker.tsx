import { VARIANT_PICKER_MAX_RESULTS, VARIANT_PICKER_MIN_CHARS } from '@app/shared';
import { useId, useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { PickerField, PickerList, PickerSearchBox, useSearchAfterPause } from './Picker.tsx';

/** What the picker shows of a variant; the features map their API's objects to it. */
export interface VariantOption {
  id: number;
  label: string;
  sku: string;
}

export interface VariantPickerProps {
  label?: string;
  value: VariantOption | null;
  onChange: (variant: VariantOption | null) => void;
  /** The search call, given by the feature (features never import each other: STYLE.md). */
  search: (text: string, signal: AbortSignal) => Promise<VariantOption[]>;
  /** Told when a search fails; the list is then empty (spec.md section 8). */
  onSearchError?: (error: unknown) => void;
  error?: string | undefined;
  id?: string;
}

/**
 * The forms' variant search (spec.md sections 5 and 9): it starts at 2 characters, shows at most
 * 20 results, 'Hech narsa topilmadi' when there are none, and an empty list when the call fails.
 */
export function VariantPicker({
  label: labelProp,
  value,
  onChange,
  search,
  onSearchError,
  error,
  id,
}: VariantPickerProps) {
  const t = useT();
  const label = labelProp ?? t('common.variantPicker.label');
  const autoId = useId();
  const inputId = id ?? autoId;
  const [text, setText] = useState('');
  const term = text.trim();
  const active = term.length >= VARIANT_PICKER_MIN_CHARS;
  const { results, loading } = useSearchAfterPause(active, term, search, onSearchError);
  const shown = active ? (results?.slice(0, VARIANT_PICKER_MAX_RESULTS) ?? null) : null;

  return (
    <PickerField
      inputId={inputId}
      label={label}
      error={error}
      testId="variant-selected"
      clearLabel={t('common.variantPicker.clear')}
      onClear={() => onChange(null)}
      picked={
        value ? (
          <span className="truncate">
            {value.label} <span className="font-mono text-xs text-slate-500">{value.sku}</span>
          </span>
        ) : null
      }
    >
      <PickerSearchBox
        inputId={inputId}
        placeholder={t('common.variantPicker.placeholder', { min: VARIANT_PICKER_MIN_CHARS })}
        value={text}
        invalid={Boolean(error)}
        onText={setText}
      />
      {shown !== null || (active && loading) ? (
        <PickerList
          inputId={inputId}
          label={t('common.variantPicker.list')}
          loading={loading}
          results={shown}
          onChoose={(option) => {
            onChange(option);
            setText('');
          }}
          renderOption={(option) => (
            <>
              <span className="truncate">{option.label}</span>
              <span className="shrink-0 font-mono text-xs text-slate-500">{option.sku}</span>
            </>
          )}
        />
      ) : null}
    </PickerField>
  );
}
