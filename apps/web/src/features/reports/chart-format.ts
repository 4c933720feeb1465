import { formatDecimal } from '@app/shared';
import type { MessageKey } from '../../i18n/catalogue.ts';
import type { Translate } from '../../i18n/useT.ts';

// Axis labels of the reports' charts. A chart's axis is the one place a figure is a number
// (recharts places points by number); the exact decimal strings are what tables and tooltips show.

const UNITS: readonly { size: number; unit: MessageKey }[] = [
  { size: 1e9, unit: 'reports.chart.billions' },
  { size: 1e6, unit: 'reports.chart.millions' },
  { size: 1e3, unit: 'reports.chart.thousands' },
];

/**
 * The tick labels of an axis over `values`, in short units of the chosen language (in Uzbek ming,
 * mln, mlrd; from `t`) chosen by the largest value, with as many decimals (1 to 3, trailing zeros
 * dropped) as the spread needs:
 * bars from 0 to 26 mln read "6.5 mln", a balance between 3.215 and 3.233 mlrd reads "3.215 mlrd"
 * rather than five ticks of "3.2 mlrd".
 */
export function amountTicks(values: readonly number[], t: Translate): (value: number) => string {
  const finite = values.filter(Number.isFinite);
  const largest = Math.max(0, ...finite.map(Math.abs));
  const unit = UNITS.find((u) => largest >= u.size) ?? { size: 1, unit: undefined };
  const spread = finite.length ? Math.max(...finite) - Math.min(...finite) : 0;
  const wanted = spread > 0 ? Math.ceil(-Math.log10(spread / unit.size)) + 1 : 1;
  const decimals = Math.min(3, Math.max(1, wanted));
  return (value) => {
    const scaled = Number((value / unit.size).toFixed(decimals));
    if (scaled === 0) return '0';
    // The figure as a string with the language's separators (DESIGN.md section 16): the catalogue
    // only places it (no number formatting of its own).
    const figure = formatDecimal(String(scaled));
    return unit.unit ? t(unit.unit, { value: figure }) : figure;
  };
}
