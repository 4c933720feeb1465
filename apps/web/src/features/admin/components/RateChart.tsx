import { businessDay, formatRate, type RateHistoryRow } from '@app/shared';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_AXIS_TICK, CHART_LINE, pointTooltip } from '../../../components/chart-parts.tsx';
import { useT } from '../../../i18n/useT.ts';
import { formatDateTime, formatDayMonth } from '../../../lib/format.ts';

// The rate history as a line (DESIGN.md section 9), drawn with recharts: a maintained React chart
// library, loaded only with the admin's currencies page (its own chunk), never on the first page.

/** "17 Sen": the day in Tashkent, as the app writes a chart's days (DESIGN.md section 16). */
function dayLabel(iso: string): string {
  return formatDayMonth(businessDay(new Date(iso)));
}

interface Point {
  at: string;
  label: string;
  /** For the line's position only: the exact rate stays a string and is what the tooltip shows. */
  y: number;
  rate: string;
  source: RateHistoryRow['source'];
}

/** The rows of one history page (newest first), drawn oldest to newest. */
export function RateChart({ rows, code }: { rows: readonly RateHistoryRow[]; code: string }) {
  const t = useT();
  const points: Point[] = [...rows].reverse().map((r) => ({
    at: r.created_at,
    label: dayLabel(r.created_at),
    y: Number(r.rate_to_uzs),
    rate: r.rate_to_uzs,
    source: r.source,
  }));
  if (points.length < 2) {
    return <p className="py-10 text-center text-sm text-slate-500">{t('admin.rateChart.tooFew')}</p>;
  }
  return (
    <figure aria-label={t('admin.rateChart.label', { code })} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={CHART_AXIS_TICK} minTickGap={24} />
          <YAxis
            domain={['auto', 'auto']}
            tick={CHART_AXIS_TICK}
            width={72}
            tickFormatter={(v: number) => formatRate(v.toFixed(2))}
          />
          <Tooltip
            content={pointTooltip((p: Point) => (
              <>
                <p className="font-medium text-slate-900">
                  {t('admin.rates.equation', { code, rate: formatRate(p.rate) })}
                </p>
                <p className="text-slate-500">
                  {formatDateTime(p.at)} ·{' '}
                  {p.source === 'CBU' ? t('admin.rates.sourceCbu') : t('admin.rates.sourceManual')}
                </p>
              </>
            ))}
          />
          <Line {...CHART_LINE} dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
