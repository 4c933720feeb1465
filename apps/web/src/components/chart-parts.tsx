import type { ReactNode } from 'react';
import type { TooltipContentProps } from 'recharts';

// What the app's recharts charts share (the reports' charts, the admin's rate history): the axis
// labels, the one line's look and the tooltip box. Types only from recharts, so this module adds
// nothing to a page without a chart.

export const CHART_AXIS_TICK = { fontSize: 12, fill: '#64748b' };

/** The charts' line: the brand colour, 2px, drawn at once (no animation). */
export const CHART_LINE = {
  type: 'monotone',
  dataKey: 'y',
  stroke: 'var(--color-brand-700)',
  strokeWidth: 2,
  isAnimationActive: false,
} as const;

/** A tooltip's content: the hovered point's data, drawn by `render` in the app's tooltip box. */
export function pointTooltip<P>(render: (point: P) => ReactNode) {
  return ({ active, payload }: TooltipContentProps) => {
    const point = active ? (payload?.[0]?.payload as P | undefined) : undefined;
    if (!point) return null;
    return (
      <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
        {render(point)}
      </div>
    );
  };
}
