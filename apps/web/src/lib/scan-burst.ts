// Keyboard-wedge scanners (DESIGN.md section 18): a scanner "types" its code as keystrokes ending
// in Enter, far faster than a person. A burst is told apart from typing by its speed alone.

/** A printable key as it was pressed: the character and the event's time stamp in ms. */
export interface KeyStroke {
  key: string;
  at: number;
}

/**
 * A scanner's keys come this far apart on average: no person keeps under it for six keys (that is
 * over 300 words a minute), while a scanner, or a busy machine passing its keys on, may leave an
 * odd longer gap, so the average decides, not every gap (as onScan.js's avgTimeByChar does).
 */
export const SCAN_MEAN_GAP_MS = 35;
/** A pause this long ends a burst: what came before it is not part of the code. */
export const SCAN_MAX_PAUSE_MS = 500;
/**
 * A gap this long inside a burst splits it into runs. A busy page may hold a scanner's keys back
 * for a moment (rendering a search's results): a run that came fast itself is part of the burst;
 * a slow one, or a single key, is a person's typing before the scan.
 */
export const SCAN_SPLIT_MS = 100;
/** The shortest code a burst may carry (EAN-8 and short Code 128 labels are longer). */
export const SCAN_MIN_LENGTH = 6;

/**
 * The code of a scanner's burst ending with the Enter pressed at `enterAt`, or null when the keys
 * were typed. Going back from the Enter, the burst takes the last run of keys (split by gaps of
 * `SCAN_SPLIT_MS`) and each run before it that came fast itself, until a slow run, a single key
 * or a pause of `SCAN_MAX_PAUSE_MS`; it is a code when it holds at least `SCAN_MIN_LENGTH` keys
 * that came `SCAN_MEAN_GAP_MS` apart or closer on average. The code is given in Latin characters
 * (see `latinFromLayout`).
 */
export function scannedCode(strokes: readonly KeyStroke[], enterAt: number): string | null {
  // The keys back from the Enter to a pause, in runs split by gaps of SCAN_SPLIT_MS, the last first.
  const runs: KeyStroke[][] = [];
  let run: KeyStroke[] = [];
  let next = enterAt;
  for (let i = strokes.length - 1; i >= 0; i--) {
    const stroke = strokes[i] as KeyStroke;
    const gap = next - stroke.at;
    if (gap < 0 || gap >= SCAN_MAX_PAUSE_MS) break;
    if (gap >= SCAN_SPLIT_MS && run.length > 0) {
      runs.push(run);
      run = [];
    }
    run.unshift(stroke);
    next = stroke.at;
  }
  if (run.length > 0) runs.push(run);
  const fast = (keys: KeyStroke[]) =>
    keys.length > 1 &&
    ((keys.at(-1) as KeyStroke).at - (keys[0] as KeyStroke).at) / (keys.length - 1) < SCAN_MEAN_GAP_MS;
  let burst = runs[0] ?? [];
  for (const earlier of runs.slice(1)) {
    if (!fast(earlier)) break;
    burst = [...earlier, ...burst];
  }
  const first = burst[0];
  if (!first || burst.length < SCAN_MIN_LENGTH) return null;
  if ((enterAt - first.at) / burst.length >= SCAN_MEAN_GAP_MS) return null;
  return latinFromLayout(burst.map((s) => s.key).join(''));
}

// A scanner sends key positions, so through the Russian layout (ЙЦУКЕН) its Latin letters come as
// the Cyrillic letters on the same keys. The same keys, unshifted and shifted, on a US layout:
const RU_LETTERS = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const US_LETTERS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const RU_SHIFTED = 'ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ';
const US_SHIFTED = 'QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>~';
// The Russian layout also moves some punctuation: Shift+2 is ", Shift+3 №, Shift+4 ;, Shift+6 :,
// Shift+7 ?, the / key is . (Shift ,), and Shift+\ is /.
const RU_PUNCTUATION: Record<string, string> = {
  '"': '@',
  '№': '#',
  ';': '$',
  ':': '^',
  '?': '&',
  '.': '/',
  ',': '?',
  '/': '|',
};

const LETTERS = new Map<string, string>();
for (let i = 0; i < RU_LETTERS.length; i++) {
  LETTERS.set(RU_LETTERS.charAt(i), US_LETTERS.charAt(i));
  LETTERS.set(RU_SHIFTED.charAt(i), US_SHIFTED.charAt(i));
}

const CYRILLIC = /[\u0400-\u04ff№]/;

/**
 * A burst typed through the Russian layout, back in the Latin characters the scanner meant. Digits
 * are the same on both layouts. Punctuation differs too, but a burst of digits and punctuation
 * alone cannot say which layout typed it, so punctuation is mapped back only when the burst holds
 * Cyrillic (and so certainly came through the Russian layout); other bursts are left as they are.
 */
export function latinFromLayout(text: string): string {
  if (!CYRILLIC.test(text)) return text;
  let out = '';
  for (const ch of text) out += LETTERS.get(ch) ?? RU_PUNCTUATION[ch] ?? ch;
  return out;
}
