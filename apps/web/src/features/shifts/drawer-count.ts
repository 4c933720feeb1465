import {
  D,
  type DenominationInput,
  denominationsTotal,
  SHIFT_DENOMINATIONS,
  type ShiftCountInput,
} from '@app/shared';

// A drawer counted per currency (DESIGN.md section 22): an amount typed, or the notes and coins
// counted one kind at a time and summed exactly. What the cashier typed stays a string until the
// form is sent; a currency left empty is "not counted" when a shift opens, and missing at a close.

export interface DrawerCount {
  /** The amount typed, when the drawer is not counted note by note. */
  amount: string;
  /** Counting note by note (the currency's notes and coins, SHIFT_DENOMINATIONS). */
  byNotes: boolean;
  /** How many of each face value, as typed, by the face value. */
  notes: Readonly<Record<string, string>>;
}

export const EMPTY_COUNT: DrawerCount = { amount: '', byNotes: false, notes: {} };

/** The notes and coins a currency is counted in, largest first; none for a currency not listed. */
export function denominationsOf(code: string): readonly string[] {
  return SHIFT_DENOMINATIONS[code] ?? [];
}

/** A count read: nothing typed, something that is not a count, or the total and what to send. */
export type CountReading =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'counted'; total: string; denominations: DenominationInput[] | null };

const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;
const PIECES = /^\d{1,8}$/;

/** What a currency's count says: the notes summed exactly, or the amount typed. */
export function readCount(count: DrawerCount): CountReading {
  if (count.byNotes) {
    // Largest first, as the drawer is counted (an object's numeric keys would come smallest first).
    const typed = Object.entries(count.notes)
      .filter(([, pieces]) => pieces.trim() !== '')
      .sort(([a], [b]) => new D(b).comparedTo(a));
    if (typed.length === 0) return { kind: 'empty' };
    if (typed.some(([, pieces]) => !PIECES.test(pieces.trim()))) return { kind: 'invalid' };
    const denominations = typed.map(([value, pieces]) => ({ value, count: Number(pieces.trim()) }));
    return { kind: 'counted', total: denominationsTotal(denominations), denominations };
  }
  const amount = count.amount.trim().replace(',', '.');
  if (amount === '') return { kind: 'empty' };
  if (!AMOUNT.test(amount)) return { kind: 'invalid' };
  return { kind: 'counted', total: new D(amount).toFixed(2), denominations: null };
}

/** The live total of the notes counted so far ("0.00" before any), for the counter's line. */
export function notesTotal(count: DrawerCount): string {
  const reading = readCount({ ...count, byNotes: true });
  return reading.kind === 'counted' ? reading.total : '0.00';
}

/** A currency's count as the API takes it (its currency an id). */
export type CountInput = ShiftCountInput & { currency: number };

/** The body of an open or a close, and the currencies left empty or typed wrong. */
export interface DrawerBody {
  counts: CountInput[];
  empty: number[];
  invalid: number[];
}

/** Every counted currency as the API takes it: the notes when counted by notes, else the amount. */
export function drawerBody(
  currencies: readonly number[],
  counts: Readonly<Record<number, DrawerCount>>,
): DrawerBody {
  const body: DrawerBody = { counts: [], empty: [], invalid: [] };
  for (const currency of currencies) {
    const reading = readCount(counts[currency] ?? EMPTY_COUNT);
    if (reading.kind === 'empty') body.empty.push(currency);
    else if (reading.kind === 'invalid') body.invalid.push(currency);
    else if (reading.denominations) body.counts.push({ currency, denominations: reading.denominations });
    else body.counts.push({ currency, amount: reading.total });
  }
  return body;
}

/** A difference's sense: short (red), over (green), or even. */
export function differenceTone(value: string | null | undefined): 'short' | 'over' | 'even' {
  if (value === null || value === undefined) return 'even';
  const d = new D(value);
  return d.isNegative() && !d.isZero() ? 'short' : d.isPositive() && !d.isZero() ? 'over' : 'even';
}
