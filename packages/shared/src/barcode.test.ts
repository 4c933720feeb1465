import { describe, expect, it } from 'vitest';
import {
  barcodeKind,
  ean13Modules,
  gs1CheckDigit,
  inStoreCode,
  readWeightCode,
  withCheckDigit,
} from './barcode.ts';
import { BarcodeSchema } from './schemas/catalog.ts';
import { weighedScan } from './weighed-scan.ts';

// DESIGN.md section 18: what a variant's code may be, and the codes the business and its scales make.

describe('barcodes', () => {
  it('knows EAN-13, EAN-8 and UPC-A by their check digit, and anything else printable as Code 128', () => {
    expect(barcodeKind('4006381333931')).toBe('EAN13');
    expect(barcodeKind('4006381333932')).toBe('bad_check_digit');
    expect(barcodeKind('96385074')).toBe('EAN8');
    expect(barcodeKind('96385075')).toBe('bad_check_digit');
    expect(barcodeKind('036000291452')).toBe('UPCA');
    expect(barcodeKind('036000291453')).toBe('bad_check_digit');
    expect(barcodeKind('12345')).toBe('CODE128');
    expect(barcodeKind('KL-01 / M')).toBe('CODE128');
    expect(barcodeKind('Ko‘ylak')).toBe('invalid');
    expect(barcodeKind('x'.repeat(49))).toBe('invalid');
    expect(gs1CheckDigit('400638133393')).toBe(1);
  });

  it('refuses a wrong check digit with its own message; an empty code is none', () => {
    expect(BarcodeSchema.safeParse(' 4006381333931 ').data).toBe('4006381333931');
    expect(BarcodeSchema.safeParse('').data).toBeNull();
    expect(BarcodeSchema.safeParse('4006381333932').error?.issues[0]?.message).toBe(
      'validation.catalog.barcode_check_digit',
    );
    expect(BarcodeSchema.safeParse('штрих').error?.issues[0]?.message).toBe(
      'validation.catalog.barcode_invalid',
    );
  });

  it('makes in-store codes 20 + item + 00000 and reads a scale code back to its item', () => {
    expect(inStoreCode(1)).toBe('2000001000007');
    expect(barcodeKind(inStoreCode(99_999))).toBe('EAN13');
    const weighed = withCheckDigit('210000101250');
    expect(readWeightCode(weighed)).toEqual({ itemCode: inStoreCode(1), value: 1250 });
    expect(readWeightCode(`${weighed.slice(0, 12)}${(Number(weighed.at(-1)) + 1) % 10}`)).toBeNull();
    expect(readWeightCode(inStoreCode(1))).toBeNull(); // prefix 20 is an in-store code, not a weight
    expect(readWeightCode('4006381333931')).toBeNull();
  });

  it("reads a weight code's five digits as the business's scales print them: grams or a UZS price", () => {
    const code = { itemCode: inStoreCode(1), value: 1250 };
    expect(weighedScan(code, 'weight')).toEqual({ qty: '1.250', price: null });
    expect(weighedScan(code, 'price')).toEqual({ qty: null, price: '1250.00' });
    expect(weighedScan({ ...code, value: 5 }, 'weight')).toEqual({ qty: '0.005', price: null });
  });
});

describe('EAN-13 modules', () => {
  it("spell a code as GS1's tables print it", () => {
    // 4006381333931 (GS1's own example): guard, L G L L G G for the first digit 4, centre, R, guard.
    const modules = ean13Modules('4006381333931');
    expect(modules).toHaveLength(95);
    expect(modules.slice(0, 3)).toBe('101');
    expect(modules.slice(3, 10)).toBe('0001101'); // 0 in L
    expect(modules.slice(10, 17)).toBe('0100111'); // 0 in G
    expect(modules.slice(45, 50)).toBe('01010');
    expect(modules.slice(50, 57)).toBe('1000010'); // 3 in R
    expect(modules.slice(92)).toBe('101');
  });
});
