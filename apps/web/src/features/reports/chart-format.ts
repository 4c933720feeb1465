// Axis labels of the reports' charts. A chart's axis is the one place a figure is a number
// (recharts places points by number); the exact decimal strings are what tables and tooltips show.

const UNITS = [
  { size: 1e9, suffix: ' mlrd' },
  { size: 1e6, suffix: ' mln' },
  { size: 1e3, suffix: ' ming' },
] as const;

/**
 * The tick labels of an axis over `values`, in short Uzbek units (ming, mln, mlrd) chosen by the
 * largest value, with as many decimals (1 to 3, trailing zeros dropped) as the spread needs:
 * bars from 0 to 26 mln read "6.5 mln", a balance between 3.215 and 3.233 mlrd reads "3.215 mlrd"
 * rather than five ticks of "3.2 mlrd".
 */
export function amountTicks(values: readonly number[]): (value: number) => string {
  const finite = values.filter(Number.isFinite);
  const largest = Math.max(0, ...finite.map(Math.abs));
  const unit = UNITS.find((u) => largest >= u.size) ?? { size: 1, suffix: '' };
  const spread = finite.length ? Math.max(...finite) - Math.min(...finite) : 0;
  const wanted = spread > 0 ? Math.ceil(-Math.log10(spread / unit.size)) + 1 : 1;
  const decimals = Math.min(3, Math.max(1, wanted));
  return (value) => {
    const scaled = Number((value / unit.size).toFixed(decimals));
    return scaled === 0 ? '0' : `${scaled}${unit.suffix}`;
  };
}
