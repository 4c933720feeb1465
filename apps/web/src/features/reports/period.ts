import { DAY_MS } from '@app/shared';
import type { MessageKey } from '../../i18n/catalogue.ts';
import type { Translate } from '../../i18n/useT.ts';
import { formatDate, formatDayMonth } from '../../lib/format.ts';

// The period of a report (DESIGN.md section 11): calendar days in the business's time zone, both
// ends inclusive, YYYY-MM-DD. Pure date arithmetic on those strings (UTC midnights, so no
// daylight-saving or browser time zone can shift a day).

export interface Period {
  from: string;
  to: string;
}

export const PERIOD_PRESETS = [
  { id: 'today', label: 'reports.period.today' },
  { id: 'week', label: 'reports.period.week' },
  { id: 'month', label: 'reports.period.month' },
  { id: 'last_month', label: 'reports.period.lastMonth' },
  { id: 'year', label: 'reports.period.year' },
] as const satisfies readonly { id: string; label: MessageKey }[];
export type PresetId = (typeof PERIOD_PRESETS)[number]['id'];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (not 2025-02-30). */
export function isIsoDay(value: string | null | undefined): value is string {
  if (!value || !ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return toDay(new Date(parseDay(day).getTime() + count * DAY_MS));
}

/** The days a preset covers on `today`; every preset but last month ends today. */
export function presetPeriod(id: PresetId, today: string): Period {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)); // 1-12
  switch (id) {
    case 'today':
      return { from: today, to: today };
    case 'week': {
      // Weeks start on Monday (as the cash-flow report's weeks do): getUTCDay() is 0 on Sunday.
      const sinceMonday = (parseDay(today).getUTCDay() + 6) % 7;
      return { from: addDays(today, -sinceMonday), to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last_month': {
      const first = toDay(new Date(Date.UTC(year, month - 2, 1)));
      const last = toDay(new Date(Date.UTC(year, month - 1, 0)));
      return { from: first, to: last };
    }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The preset a period is, on `today`, or null for a custom period. */
export function matchingPreset(period: Period, today: string): PresetId | null {
  for (const { id } of PERIOD_PRESETS) {
    const p = presetPeriod(id, today);
    if (p.from === period.from && p.to === period.to) return id;
  }
  return null;
}

/**
 * The period the URL asks for; what it lacks is filled as the server fills it (this month up to
 * today), so the picker shows what the figures cover.
 */
export function periodFromParams(params: URLSearchParams, today: string): Period {
  const from = params.get('date_from');
  const to = params.get('date_to');
  const fallback = presetPeriod('month', today);
  const end = isIsoDay(to) ? to : isIsoDay(from) && from > today ? from : fallback.to;
  const start = isIsoDay(from) ? from : `${end.slice(0, 8)}01`;
  return start <= end ? { from: start, to: end } : { from: end, to: start };
}

/** Typing a year into a date field passes through years such as 0002 and 0202: not a period. */
const EARLIEST_DAY = '1970-01-01';

/**
 * A new first or last day, keeping the period whole: a first day after the last day moves the
 * last day with it (and the other way round), so the server never sees a reversed period.
 */
export function changePeriod(period: Period, edge: 'from' | 'to', day: string): Period {
  if (!isIsoDay(day) || day < EARLIEST_DAY) return period;
  if (edge === 'from') return { from: day, to: day > period.to ? day : period.to };
  return { from: day < period.from ? day : period.from, to: day };
}

const MONTHS: readonly MessageKey[] = [
  'reports.month.january',
  'reports.month.february',
  'reports.month.march',
  'reports.month.april',
  'reports.month.may',
  'reports.month.june',
  'reports.month.july',
  'reports.month.august',
  'reports.month.september',
  'reports.month.october',
  'reports.month.november',
  'reports.month.december',
];

/** "17 Iyun 2025": a day as the app writes dates (lib/format.ts). Anything else as it came. */
export function formatDay(day: string): string {
  return isIsoDay(day) ? formatDate(day) : day;
}

/** "17 Iyun": a chart's axis label. */
export function formatShortDay(day: string): string {
  return isIsoDay(day) ? formatDayMonth(day) : day;
}

/**
 * The label of a cash-flow period: a day, the week starting that Monday, or a month (its name in
 * the chosen language, from `t`).
 */
export function formatPeriod(period: string, groupBy: 'day' | 'week' | 'month', t: Translate): string {
  if (!isIsoDay(period)) return period;
  if (groupBy === 'month') {
    const month = MONTHS[Number(period.slice(5, 7)) - 1];
    return month ? `${t(month)} ${period.slice(0, 4)}` : period;
  }
  if (groupBy === 'week') return `${formatShortDay(period)} – ${formatDay(addDays(period, 6))}`;
  return formatDay(period);
}

/** "01 Iyun 2025 – 17 Iyun 2025", or one day when both ends are the same. */
export function formatPeriodRange(period: Period): string {
  return period.from === period.to
    ? formatDay(period.from)
    : `${formatDay(period.from)} – ${formatDay(period.to)}`;
}
