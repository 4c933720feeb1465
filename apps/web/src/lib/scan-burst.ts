// Keyboard-wedge scanners (DESIGN.md section 18): a scanner "types" its code as keystrokes ending
// in Enter, far faster than a person. A burst is told apart from typing by its speed alone.

/** A printable key as it was pressed: the character and the event's time stamp in ms. */
export interface KeyStroke {
  key: string;
  at: number;
}

/** Keys closer than this are a machine's; people rarely keep under it for more than two keys. */
export const SCAN_MAX_GAP_MS = 35;
/** The shortest code a burst may carry (EAN-8 and short Code 128 labels are longer). */
export const SCAN_MIN_LENGTH = 6;

/**
 * The code of a scanner's burst ending with the Enter pressed at `enterAt`, or null when the keys
 * were typed: the trailing run of `strokes` in which every key (and the Enter) followed the one
 * before within `SCAN_MAX_GAP_MS`, if it holds at least `SCAN_MIN_LENGTH` keys. What a person
 * typed before the scan is not part of the code. The code is given in Latin characters (see
 * `latinFromLayout`).
 */
export function scannedCode(strokes: readonly KeyStroke[], enterAt: number): string | null {
  let start = strokes.length;
  let next = enterAt;
  while (start > 0) {
    const stroke = strokes[start - 1] as KeyStroke;
    if (next - stroke.at >= SCAN_MAX_GAP_MS || next < stroke.at) break;
    next = stroke.at;
    start -= 1;
  }
  if (strokes.length - start < SCAN_MIN_LENGTH) return null;
  return latinFromLayout(
    strokes
      .slice(start)
      .map((s) => s.key)
      .join(''),
  );
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
