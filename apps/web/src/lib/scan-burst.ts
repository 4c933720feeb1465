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
export const SCAN_MAX_PAUSE_MS = 100;
/** The shortest code a burst may carry (EAN-8 and short Code 128 labels are longer). */
export const SCAN_MIN_LENGTH = 6;

/**
 * The code of a scanner's burst ending with the Enter pressed at `enterAt`, or null when the keys
 * were typed: the trailing run of `strokes` with no pause of `SCAN_MAX_PAUSE_MS` (the Enter
 * included), if it holds at least `SCAN_MIN_LENGTH` keys that came `SCAN_MEAN_GAP_MS` apart or
 * closer on average. The code is given in Latin characters (see `latinFromLayout`).
 */
export function scannedCode(strokes: readonly KeyStroke[], enterAt: number): string | null {
  let start = strokes.length;
  let next = enterAt;
  while (start > 0) {
    const stroke = strokes[start - 1] as KeyStroke;
    if (next - stroke.at >= SCAN_MAX_PAUSE_MS || next < stroke.at) break;
    next = stroke.at;
    start -= 1;
  }
  const run = strokes.slice(start);
  const first = run[0];
  if (!first || run.length < SCAN_MIN_LENGTH) return null;
  if ((enterAt - first.at) / run.length >= SCAN_MEAN_GAP_MS) return null;
  return latinFromLayout(run.map((s) => s.key).join(''));
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
