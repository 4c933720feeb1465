import { formatMoneyFixed } from '@app/shared';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';
import { CHART_AXIS_TICK, CHART_LINE, pointTooltip } from '../../../components/chart-parts.tsx';
import { useT } from '../../../i18n/useT.ts';
import { amountTicks } from '../chart-format.ts';
import { formatDay, formatShortDay } from '../period.ts';

// The reports' charts, drawn with recharts. This module is loaded lazily (LazyCharts.tsx), so
// recharts stays out of the first page load; the dashboard is the landing page of the owners.
//
// Amounts arrive as decimal strings and stay strings everywhere else. Here, and only here, they
// become numbers with Number(): recharts places a point by a number. The tooltips show the exact
// strings, formatted like the tables.

/**
 * A y-axis label on one line: recharts' own tick wraps a label it measures as wider than the
 * axis ("19.5 / mln"), so the label is drawn as plain SVG text, right-aligned to the axis.
 */
function yTick(format: (value: number) => string) {
  return function YTick(props: YAxisTickContentProps) {
    const value = Number(props.payload?.value ?? 0);
    return (
      <text x={props.x} y={props.y} dy={4} textAnchor="end" fontSize={12} fill="#64748b">
        {format(value)}
      </text>
    );
  };
}

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface DayPoint {
  /** YYYY-MM-DD */
  day: string;
  /** Each series' exact amount (a decimal string), by series key. */
  values: Record<string, string>;
}

export interface DayBarsChartProps {
  points: readonly DayPoint[];
  series: readonly ChartSeries[];
  /** The figure's accessible name. */
  label: string;
  /** The unit after the tooltip's amounts. */
  unit?: string;
}

interface PlottedDay {
  day: string;
  tick: string;
  values: Record<string, string>;
  [seriesKey: string]: unknown;
}

function Legend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {series.map((s) => (
        <li key={s.key} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: s.color }} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

function allZero(points: readonly DayPoint[], series: readonly ChartSeries[]): boolean {
  // A comparison of strings, not numbers: "0", "0.00" and "-0" all read as no movement.
  return points.every((p) => series.every((s) => /^-?0*(\.0*)?$/.test(p.values[s.key] ?? '0')));
}

/** Bars per day, one colour per series (inflow and outflow, revenue and margin...). */
export function DayBarsChart({ points, series, label, unit = 'UZS' }: DayBarsChartProps) {
  const t = useT();
  if (points.length === 0 || allZero(points, series)) {
    return <p className="py-16 text-center text-sm text-slate-500">{t('reports.table.noData')}</p>;
  }
  const data: PlottedDay[] = points.map((p) => {
    const row: PlottedDay = { day: p.day, tick: formatShortDay(p.day), values: p.values };
    // Number() for the bar's height only (see the note at the top of this file).
    for (const s of series) row[s.key] = Number(p.values[s.key] ?? '0');
    return row;
  });
  return (
    <figure aria-label={label} className="space-y-2">
      <Legend series={series} />
      <div className="h-60 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} barGap={1}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="tick" tick={CHART_AXIS_TICK} minTickGap={16} tickLine={false} />
            <YAxis
              tick={yTick(
                amountTicks(
                  data.flatMap((d) => series.map((s) => d[s.key] as number)),
                  t,
                ),
              )}
              width={72}
              axisLine={false}
            />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              content={pointTooltip((p: PlottedDay) => (
                <>
                  <p className="mb-1 font-medium text-slate-900">{formatDay(p.day)}</p>
                  {series.map((s) => (
                    <p key={s.key} className="text-slate-600 tabular-nums">
                      <span style={{ color: s.color }}>●</span> {s.label}:{' '}
                      {formatMoneyFixed(p.values[s.key] ?? '0')} {unit}
                    </p>
                  ))}
                </>
              ))}
            />
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                fill={s.color}
                radius={[3, 3, 0, 0]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

export interface ClosingPoint {
  period: string;
  /** The exact closing balance, a decimal string. */
  closing: string;
  /** The period as the table writes it. */
  periodLabel: string;
}

export interface ClosingLinesChartProps {
  /** One line per currency: its closing balance at the end of each period, in date order. */
  lines: readonly { currency_code: string; points: readonly ClosingPoint[] }[];
}

interface PlottedClosing extends ClosingPoint {
  tick: string;
  y: number;
}

/**
 * The closing balance of each currency as a line, one small chart per currency: USD and UZS
 * differ by four orders of magnitude, so one axis would flatten every currency but UZS.
 */
export function ClosingLinesChart({ lines }: ClosingLinesChartProps) {
  const t = useT();
  if (lines.length === 0) {
    return <p className="py-16 text-center text-sm text-slate-500">{t('reports.table.noData')}</p>;
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {lines.map((line) => {
        const data: PlottedClosing[] = line.points.map((p) => ({
          ...p,
          tick: formatShortDay(p.period),
          // Number() for the line's position only (see the note at the top of this file).
          y: Number(p.closing),
        }));
        return (
          <figure
            key={line.currency_code}
            aria-label={t('reports.chart.closingLabel', { currency: line.currency_code })}
          >
            <figcaption className="mb-1 text-sm font-medium text-slate-700">
              {line.currency_code}{' '}
              <span className="font-normal text-slate-500">{t('reports.chart.closingCaption')}</span>
            </figcaption>
            <div className="h-48 w-full">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
                  <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="tick" tick={CHART_AXIS_TICK} minTickGap={16} tickLine={false} />
                  <YAxis
                    tick={yTick(
                      amountTicks(
                        data.map((d) => d.y),
                        t,
                      ),
                    )}
                    width={80}
                    domain={['auto', 'auto']}
                    axisLine={false}
                  />
                  <Tooltip
                    content={pointTooltip((p: PlottedClosing) => (
                      <>
                        <p className="font-medium text-slate-900">{p.periodLabel}</p>
                        <p className="text-slate-600 tabular-nums">
                          {formatMoneyFixed(p.closing)} {line.currency_code}
                        </p>
                      </>
                    ))}
                  />
                  <Line {...CHART_LINE} dot={data.length <= 31} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </figure>
        );
      })}
    </div>
  );
}
