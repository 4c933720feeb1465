import { lazy, Suspense } from 'react';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { useT } from '../../../i18n/useT.ts';
import type { ClosingLinesChartProps, DayBarsChartProps } from './charts.tsx';

// recharts is large: the charts come in their own chunk, after the page's figures are on screen.
const DayBarsChart = lazy(() => import('./charts.tsx').then((m) => ({ default: m.DayBarsChart })));
const ClosingLinesChart = lazy(() => import('./charts.tsx').then((m) => ({ default: m.ClosingLinesChart })));

function ChartPlaceholder() {
  const t = useT();
  return (
    <div className="flex h-60 items-center justify-center">
      <LoadingText>{t('reports.chart.loading')}</LoadingText>
    </div>
  );
}

export function LazyDayBarsChart(props: DayBarsChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <DayBarsChart {...props} />
    </Suspense>
  );
}

export function LazyClosingLinesChart(props: ClosingLinesChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <ClosingLinesChart {...props} />
    </Suspense>
  );
}
