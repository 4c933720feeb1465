// Barcodes (DESIGN.md section 18): the one definition of what a variant's code may be, of the
// GS1 check digit, of the business's in-store codes and of the weight codes market scales print.
// The server validates and looks up with these, the web reads scans with them.

export type BarcodeKind = 'EAN13' | 'EAN8' | 'UPCA' | 'CODE128';

/** Code 128 text: 1-48 printable ASCII characters (space to `~`). */
const CODE128_PATTERN = /^[\x20-\x7e]{1,48}$/;
const DIGITS = /^\d+$/;

/** The GS1 check digit of `body` (the code without its last digit): weights 3 and 1 from the right. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** `body` and its check digit. */
export const withCheckDigit = (body: string) => `${body}${gs1CheckDigit(body)}`;

const GS1_LENGTHS: Record<number, BarcodeKind> = { 8: 'EAN8', 12: 'UPCA', 13: 'EAN13' };

/**
 * What a code is: 8, 12 or 13 digits are EAN-8, UPC-A or EAN-13 and must carry a valid check
 * digit (`'bad_check_digit'` otherwise); any other printable ASCII text of 1-48 characters is
 * Code 128; anything else is `'invalid'`.
 */
export function barcodeKind(code: string): BarcodeKind | 'bad_check_digit' | 'invalid' {
  const gs1 = DIGITS.test(code) ? GS1_LENGTHS[code.length] : undefined;
  if (gs1) return gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1)) ? gs1 : 'bad_check_digit';
  return CODE128_PATTERN.test(code) ? 'CODE128' : 'invalid';
}

// EAN-13's patterns (GS1 General Specifications 5.2.1): each digit's L, G and R sets of seven
// modules, and which of L and G the six left digits take for each first digit.
const EAN_L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const EAN_R = EAN_L.map((p) => [...p].map((b) => (b === '0' ? '1' : '0')).join(''));
const EAN_G = EAN_R.map((p) => [...p].reverse().join(''));
const EAN_PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules an EAN-13 is printed as, `1` a bar: what a label draws and a scanner reads. */
export function ean13Modules(code: string): string {
  const digits = [...code].map(Number);
  const parity = EAN_PARITY[digits[0] ?? 0] as string;
  let out = '101';
  for (let i = 1; i <= 6; i++) out += (parity[i - 1] === 'L' ? EAN_L : EAN_G)[digits[i] ?? 0];
  out += '01010';
  for (let i = 7; i <= 12; i++) out += EAN_R[digits[i] ?? 0];
  return `${out}101`;
}

/**
 * In-store codes (DESIGN.md section 18): EAN-13 `20` + a five-digit item number + `00000` + the
 * check digit. `20` is GS1's in-store prefix left free by the scales' `21`-`29`; the item number
 * is what a scale prints in its weight codes, so a weighed item finds its variant.
 */
export const IN_STORE_PREFIX = '20';
export const IN_STORE_MAX_ITEM = 99_999;

export const inStoreCode = (item: number) =>
  withCheckDigit(`${IN_STORE_PREFIX}${String(item).padStart(5, '0')}00000`);

/** How the business's scales print the five digits after the item number (a business setting). */
export const WEIGHT_BARCODE_MODES = ['off', 'weight', 'price'] as const;
export type WeightBarcodeMode = (typeof WEIGHT_BARCODE_MODES)[number];

/** A weight code read: the in-store code of its item, and the grams or the price it carries. */
export interface WeightCode {
  /** The in-store code the item number stands for (`20` + item + `00000` + check digit). */
  itemCode: string;
  /** The five digits after the item number: grams (`weight`) or a price in UZS (`price`). */
  value: number;
}

/**
 * A scale's code: 13 digits, prefix `21`-`29`, a five-digit item number, five digits of weight in
 * grams or of price, a valid check digit; anything else is null.
 */
export function readWeightCode(code: string): WeightCode | null {
  if (!/^2[1-9]\d{11}$/.test(code) || barcodeKind(code) !== 'EAN13') return null;
  return { itemCode: inStoreCode(Number(code.slice(2, 7))), value: Number(code.slice(7, 12)) };
}
