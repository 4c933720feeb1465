import { describe, expect, it } from 'vitest';
import { type KeyStroke, latinFromLayout, scannedCode } from './scan-burst.ts';

/** `text` typed one key every `gap` ms from `from`; the Enter comes `gap` ms after the last key. */
function typed(text: string, gap: number, from = 1000): { strokes: KeyStroke[]; enterAt: number } {
  const strokes = [...text].map((key, i) => ({ key, at: from + i * gap }));
  return { strokes, enterAt: from + strokes.length * gap };
}

describe('scannedCode', () => {
  it('reads a burst of keys 35 ms apart or closer on average, ending in Enter, as a code', () => {
    const { strokes, enterAt } = typed('4780000000007', 8);
    expect(scannedCode(strokes, enterAt)).toBe('4780000000007');
  });

  it('leaves typing alone: keys a person types, even a quick one', () => {
    const { strokes, enterAt } = typed('4780000000007', 120);
    expect(scannedCode(strokes, enterAt)).toBeNull();
    const quick = typed('ko‘ylak', 60);
    expect(scannedCode(quick.strokes, quick.enterAt)).toBeNull();
  });

  it('needs at least 6 keys in the burst', () => {
    const short = typed('12345', 5);
    expect(scannedCode(short.strokes, short.enterAt)).toBeNull();
    const six = typed('123456', 5);
    expect(scannedCode(six.strokes, six.enterAt)).toBe('123456');
  });

  it('takes only the burst when a person typed something before the scan', () => {
    const person = typed('ab', 150, 0);
    const scan = typed('ABC-123', 10, 2000);
    expect(scannedCode([...person.strokes, ...scan.strokes], scan.enterAt)).toBe('ABC-123');
  });

  it('is not a burst when the Enter comes late', () => {
    const { strokes } = typed('12345678', 5);
    expect(scannedCode(strokes, (strokes.at(-1)?.at ?? 0) + 400)).toBeNull();
  });

  it('keeps a burst whole when one of its keys came late, as a busy machine or a Bluetooth scanner does', () => {
    const head = typed('4780000', 5, 0);
    const tail = typed('000007', 5, 90);
    expect(scannedCode([...head.strokes, ...tail.strokes], tail.enterAt)).toBe('4780000000007');
  });

  it('leaves quick typing alone: 40 ms a key is fast for a person, slow for a scanner', () => {
    const { strokes, enterAt } = typed('12345678', 40);
    expect(scannedCode(strokes, enterAt)).toBeNull();
  });

  it('keeps a burst whole when the page held its keys back for a moment in the middle', () => {
    // Seen in Chromium under load: six keys, 150 ms while a search's results render, seven more.
    const head = typed('472283', 8, 0);
    const tail = typed('5427123', 8, 48 + 150);
    expect(scannedCode([...head.strokes, ...tail.strokes], tail.enterAt)).toBe('4722835427123');
  });

  it('leaves out a key a person typed just before the scan, however soon', () => {
    const person = typed('ab', 150, 0);
    const scan = typed('ABC-123', 5, 300);
    expect(scannedCode([...person.strokes, ...scan.strokes], scan.enterAt)).toBe('ABC-123');
  });

  it('is not a burst when a pause of 500 ms or more splits it below 6 keys', () => {
    const head = typed('123', 5, 0);
    const tail = typed('4567', 5, 600);
    expect(scannedCode([...head.strokes, ...tail.strokes], tail.enterAt)).toBeNull();
  });

  it('gives the Latin code of a burst typed through the Russian layout', () => {
    const { strokes, enterAt } = typed('ФИС-123', 5);
    expect(scannedCode(strokes, enterAt)).toBe('ABC-123');
  });
});

describe('latinFromLayout', () => {
  it('maps the ЙЦУКЕН letters back to the QWERTY keys, both cases', () => {
    expect(latinFromLayout('йцукенгшщзхъфывапролджэячсмитьбюё')).toBe("qwertyuiop[]asdfghjkl;'zxcvbnm,.`");
    expect(latinFromLayout('ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ')).toBe('QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>~');
  });

  it('maps the Russian layout’s punctuation back when the burst holds Cyrillic', () => {
    expect(latinFromLayout('ЫЛГ"№;:?.,/')).toBe('SKU@#$^&/?|');
  });

  it('leaves digits, and bursts without Cyrillic, as they are', () => {
    expect(latinFromLayout('4780000000007')).toBe('4780000000007');
    expect(latinFromLayout('SKU.12/3')).toBe('SKU.12/3');
    expect(latinFromLayout('ЫЛГ-0042')).toBe('SKU-0042');
  });
});
