import { VARIANT_PICKER_MAX_RESULTS, VARIANT_PICKER_MIN_CHARS } from '@app/shared';
import { ScanBarcode } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { type KeyStroke, scannedCode } from '../lib/scan-burst.ts';
import { BarcodeScannerDialog } from './BarcodeScannerDialog.tsx';
import { PickerField, PickerList, PickerSearchBox, useSearchAfterPause } from './Picker.tsx';
import { Button } from './ui/Button.tsx';
import { ErrorMessage } from './ui/ErrorMessage.tsx';

/** What the picker shows of a variant; the features map their API's objects to it. */
export interface VariantOption {
  id: number;
  label: string;
  sku: string;
}

/** The variant of a scanned code, and the quantity a scale's weight code carries (kg), if any. */
export interface ScanMatch {
  variant: VariantOption;
  qty: string | null;
}

export interface VariantPickerProps {
  label?: string;
  value: VariantOption | null;
  onChange: (variant: VariantOption | null) => void;
  /** The search call, given by the feature (features never import each other: STYLE.md). */
  search: (text: string, signal: AbortSignal) => Promise<VariantOption[]>;
  /** Told when a search fails; the list is then empty (spec.md section 8). */
  onSearchError?: (error: unknown) => void;
  /**
   * The variant of a scanned code, null when none has it (DESIGN.md section 18). Given, the picker
   * reads keyboard-wedge scans and has a camera button; without it, it only searches.
   */
  findByBarcode?: (code: string, signal: AbortSignal) => Promise<ScanMatch | null>;
  /** After a scan chose a variant: the quantity a scale's code weighed, for the form's quantity field. */
  onScanned?: (variant: VariantOption, qty: string | null) => void;
  error?: string | undefined;
  id?: string;
}

/**
 * The forms' variant search (spec.md sections 5 and 9): it starts at 2 characters, shows at most
 * 20 results, 'Hech narsa topilmadi' when there are none, and an empty list when the call fails.
 * With `findByBarcode` it also takes scanned codes (DESIGN.md section 18).
 */
export function VariantPicker({
  label: labelProp,
  value,
  onChange,
  search,
  onSearchError,
  findByBarcode,
  onScanned,
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
  const scan = useScanLookup(findByBarcode, (match) => {
    onChange(match.variant);
    onScanned?.(match.variant, match.qty);
  });
  const onKeyDown = useWedgeScanner((code) => {
    setText('');
    scan.lookUp(code);
  });

  return (
    <PickerField
      inputId={inputId}
      label={label}
      error={error}
      testId="variant-selected"
      clearLabel={t('common.variantPicker.clear')}
      onClear={() => onChange(null)}
      picked={value ? <VariantLabel option={value} /> : null}
    >
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <PickerSearchBox
            inputId={inputId}
            placeholder={t('common.variantPicker.placeholder', { min: VARIANT_PICKER_MIN_CHARS })}
            value={text}
            invalid={Boolean(error)}
            listShown={shown !== null || (active && loading)}
            onText={(next) => {
              setText(next);
              scan.clear();
            }}
            onKeyDown={findByBarcode ? onKeyDown : undefined}
          />
        </div>
        {findByBarcode ? <CameraButton onCode={scan.lookUp} /> : null}
      </div>
      {scan.status ? <ScanStatus {...scan.status} /> : null}
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

function VariantLabel({ option }: { option: VariantOption }) {
  return (
    // w-0 flex-1: a long name is cut with an ellipsis instead of widening the form on a phone.
    <span className="w-0 flex-1 truncate">
      {option.label} <span className="font-mono text-xs text-slate-500">{option.sku}</span>
    </span>
  );
}

/** The camera button, and its dialog while open: the code read goes to `onCode`. */
function CameraButton({ onCode }: { onCode: (code: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="icon"
        className="h-10 w-10 shrink-0"
        aria-label={t('common.variantPicker.camera')}
        title={t('common.variantPicker.camera')}
        onClick={() => setOpen(true)}
        icon={<ScanBarcode aria-hidden="true" className="h-5 w-5" />}
      />
      <BarcodeScannerDialog
        open={open}
        onClose={() => setOpen(false)}
        onCode={(code) => {
          setOpen(false);
          onCode(code);
        }}
      />
    </>
  );
}

type ScanState = { state: 'looking' | 'missing' | 'failed'; code: string };

function ScanStatus({ state, code }: ScanState) {
  const t = useT();
  if (state === 'looking') {
    return (
      <p className="mt-1 text-sm text-slate-500" role="status">
        {t('common.variantPicker.scanLooking', { code })}
      </p>
    );
  }
  return (
    <ErrorMessage className="mt-1">
      {state === 'missing'
        ? t('common.variantPicker.scanNotFound', { code })
        : t('common.variantPicker.scanFailed', { code })}
    </ErrorMessage>
  );
}

/** Looks a scanned code up, one at a time (a new scan drops the one in flight). */
function useScanLookup(
  findByBarcode: VariantPickerProps['findByBarcode'],
  onFound: (match: ScanMatch) => void,
) {
  const [status, setStatus] = useState<ScanState | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;
  useEffect(() => () => inFlight.current?.abort(), []);

  function lookUp(code: string) {
    if (!findByBarcode) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus({ state: 'looking', code });
    findByBarcode(code, controller.signal)
      .then((match) => {
        if (controller.signal.aborted) return;
        setStatus(match ? null : { state: 'missing', code });
        if (match) onFoundRef.current(match);
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus({ state: 'failed', code });
      });
  }
  /** Typing again: the last scan's line goes, and a lookup in flight is dropped. */
  function clear() {
    inFlight.current?.abort();
    setStatus(null);
  }
  return { status, lookUp, clear };
}

/** Keys that come with typed characters without being one (a scanner holds Shift for capitals). */
const MODIFIERS = new Set(['Shift', 'CapsLock', 'AltGraph']);

/**
 * The search box's key handler: a scanner's burst ending in Enter goes to `onCode`, typing is left
 * to the search (lib/scan-burst.ts tells them apart). Enter never submits the form around the
 * picker: in a search box it has nothing to send.
 */
function useWedgeScanner(onCode: (code: string) => void) {
  const strokes = useRef<KeyStroke[]>([]);
  return (event: KeyboardEvent<HTMLInputElement>) => {
    const { key, timeStamp } = event;
    // A key held down repeats about as fast as a scanner types: never part of a code.
    if (event.repeat) {
      strokes.current = [];
    } else if (key === 'Enter') {
      event.preventDefault();
      const code = scannedCode(strokes.current, timeStamp);
      strokes.current = [];
      if (code) onCode(code);
    } else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      strokes.current.push({ key, at: timeStamp });
    } else if (!MODIFIERS.has(key)) {
      strokes.current = [];
    }
  };
}
