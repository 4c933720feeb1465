import { setNumberLanguage } from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { uzText } from '../../i18n/testing.ts';
import type { MessageValues } from '../../i18n/useT.ts';
import { amountTicks as amountTicksIn } from './chart-format.ts';

/** The Uzbek texts, as the app shows them by default. */
const uzT = (key: MessageKey, values?: MessageValues) => uzText(key, values as Record<string, string>);
const amountTicks = (values: readonly number[]) => amountTicksIn(values, uzT);

describe('amountTicks', () => {
  it('writes thousands, millions and billions in short Uzbek units', () => {
    expect(amountTicks([0, 950])(950)).toBe('950');
    expect(amountTicks([0, 12.34])(12.34)).toBe('12.3');
    expect(amountTicks([0, 1500])(1500)).toBe('1.5 ming');
    expect(amountTicks([0, 26_000_000])(19_500_000)).toBe('19.5 mln');
    expect(amountTicks([0, 26_000_000])(13_000_000)).toBe('13 mln');
    expect(amountTicks([3_000_000_000])(3_000_000_000)).toBe('3 mlrd');
  });

  it('keeps apart the ticks of a narrow range', () => {
    const ticks = amountTicks([3_215_396_661, 3_233_190_601]);
    expect(ticks(3_215_000_000)).toBe('3.215 mlrd');
    expect(ticks(3_220_000_000)).toBe('3.22 mlrd');
    const usd = amountTicks([201_764.35, 204_067.44]);
    expect(usd(203_500)).toBe('203.5 ming');
  });

  it('keeps the sign of an outflow; zero is plain 0', () => {
    expect(amountTicks([-2_000_000, 1_000_000])(-2_000_000)).toBe('-2 mln');
    expect(amountTicks([0, 5_000_000])(0)).toBe('0');
    expect(amountTicks([0, 5_000_000])(-1)).toBe('0');
  });
});

describe('amountTicks in another language (DESIGN.md section 16)', () => {
  afterEach(() => setNumberLanguage('uz'));

  it("writes the tick's decimals with the language's separator", () => {
    setNumberLanguage('ru');
    expect(amountTicks([0, 26_000_000])(19_500_000)).toBe('19,5 mln');
    expect(amountTicks([0, 950])(950)).toBe('950');
    expect(amountTicks([0, 12.34])(12.34)).toBe('12,3');
    setNumberLanguage('en');
    expect(amountTicks([0, 1500])(1500)).toBe('1.5 ming');
  });
});
