import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { applyUzbekDates, uzText } from '../../i18n/testing.ts';
import type { MessageValues } from '../../i18n/useT.ts';
import {
  addDays,
  changePeriod,
  formatPeriod,
  formatPeriodRange,
  isIsoDay,
  matchingPreset,
  periodFromParams,
  presetPeriod,
} from './period.ts';

beforeAll(applyUzbekDates);

/** The Uzbek texts, as the app shows them by default. */
const uzT = (key: MessageKey, values?: MessageValues) => uzText(key, values as Record<string, string>);

describe('presetPeriod', () => {
  // Wednesday, 18 June 2025.
  const today = '2025-06-18';

  it('today is the one day', () => {
    expect(presetPeriod('today', today)).toEqual({ from: '2025-06-18', to: '2025-06-18' });
  });

  it('this week starts on Monday and ends today', () => {
    expect(presetPeriod('week', today)).toEqual({ from: '2025-06-16', to: '2025-06-18' });
    // On a Monday it is that one day; on a Sunday the six days before it as well.
    expect(presetPeriod('week', '2025-06-16')).toEqual({ from: '2025-06-16', to: '2025-06-16' });
    expect(presetPeriod('week', '2025-06-22')).toEqual({ from: '2025-06-16', to: '2025-06-22' });
    // A week that began in the previous month (and year).
    expect(presetPeriod('week', '2025-01-02')).toEqual({ from: '2024-12-30', to: '2025-01-02' });
  });

  it('this month runs from its first day to today', () => {
    expect(presetPeriod('month', today)).toEqual({ from: '2025-06-01', to: '2025-06-18' });
  });

  it('last month is the whole previous month, whatever its length', () => {
    expect(presetPeriod('last_month', today)).toEqual({ from: '2025-05-01', to: '2025-05-31' });
    expect(presetPeriod('last_month', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetPeriod('last_month', '2025-03-10')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(presetPeriod('last_month', '2025-01-15')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
  });

  it('this year runs from 1 January to today', () => {
    expect(presetPeriod('year', today)).toEqual({ from: '2025-01-01', to: '2025-06-18' });
  });
});

describe('matchingPreset', () => {
  it('names the preset a period is, or null for a custom one', () => {
    const today = '2025-06-18';
    expect(matchingPreset({ from: '2025-06-01', to: '2025-06-18' }, today)).toBe('month');
    expect(matchingPreset({ from: '2025-05-01', to: '2025-05-31' }, today)).toBe('last_month');
    expect(matchingPreset({ from: '2025-06-02', to: '2025-06-18' }, today)).toBeNull();
    // On the 1st, "this month" and "today" are the same days: the first preset wins.
    expect(matchingPreset({ from: '2025-06-01', to: '2025-06-01' }, '2025-06-01')).toBe('today');
  });
});

describe('periodFromParams', () => {
  const today = '2025-06-18';
  const read = (search: string) => periodFromParams(new URLSearchParams(search), today);

  it('defaults to this month up to today, as the server does', () => {
    expect(read('')).toEqual({ from: '2025-06-01', to: '2025-06-18' });
  });

  it('reads both days, and fills a missing one as the server does', () => {
    expect(read('date_from=2025-01-05&date_to=2025-02-10')).toEqual({ from: '2025-01-05', to: '2025-02-10' });
    expect(read('date_from=2025-03-05')).toEqual({ from: '2025-03-05', to: '2025-06-18' });
    expect(read('date_to=2025-02-10')).toEqual({ from: '2025-02-01', to: '2025-02-10' });
  });

  it('ignores days that are not days, and puts reversed ends in order', () => {
    expect(read('date_from=2025-02-30&date_to=junk')).toEqual({ from: '2025-06-01', to: '2025-06-18' });
    expect(read('date_from=2025-05-10&date_to=2025-05-01')).toEqual({ from: '2025-05-01', to: '2025-05-10' });
  });
});

describe('changePeriod', () => {
  const period = { from: '2025-06-01', to: '2025-06-18' };

  it('moves one end', () => {
    expect(changePeriod(period, 'from', '2025-05-20')).toEqual({ from: '2025-05-20', to: '2025-06-18' });
    expect(changePeriod(period, 'to', '2025-06-10')).toEqual({ from: '2025-06-01', to: '2025-06-10' });
  });

  it('never leaves the first day after the last', () => {
    expect(changePeriod(period, 'from', '2025-07-01')).toEqual({ from: '2025-07-01', to: '2025-07-01' });
    expect(changePeriod(period, 'to', '2025-05-01')).toEqual({ from: '2025-05-01', to: '2025-05-01' });
  });

  it('ignores a cleared or broken input, and the years a half-typed year passes through', () => {
    expect(changePeriod(period, 'from', '')).toBe(period);
    expect(changePeriod(period, 'to', '2025-13-01')).toBe(period);
    expect(changePeriod(period, 'from', '0002-06-01')).toBe(period);
    expect(changePeriod(period, 'from', '0202-06-01')).toBe(period);
  });
});

describe('day helpers', () => {
  it('adds days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('checks real calendar days', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2025-6-1')).toBe(false);
    expect(isIsoDay(null)).toBe(false);
  });

  it('writes periods as the tables do', () => {
    expect(formatPeriod('2025-06-18', 'day', uzT)).toBe('18 Iyun 2025');
    expect(formatPeriod('2025-06-16', 'week', uzT)).toBe('16 Iyun – 22 Iyun 2025');
    expect(formatPeriod('2024-12-30', 'week', uzT)).toBe('30 Dek – 05 Yan 2025');
    expect(formatPeriod('2025-06-01', 'month', uzT)).toBe('Iyun 2025');
    expect(formatPeriodRange({ from: '2025-06-01', to: '2025-06-18' })).toBe('01 Iyun 2025 – 18 Iyun 2025');
    expect(formatPeriodRange({ from: '2025-06-18', to: '2025-06-18' })).toBe('18 Iyun 2025');
  });
});
