import { describe, expect, it } from 'vitest';
import { applyUzbekDates } from '../../i18n/testing.ts';
import {
  counterpartyFiltersFromParams,
  debtFiltersFromParams,
  formatDay,
  isIsoDay,
  pickId,
  pickPage,
  withChanges,
} from './debt-params.ts';

describe('the debt pages read their filters from the URL safely', () => {
  it('keeps the known values and drops the rest', () => {
    const filters = debtFiltersFromParams(
      new URLSearchParams(
        'counterparty=12&direction=PAYABLE&status=OVERDUE&due_from=2025-01-01&due_to=2025-02-30',
      ),
    );
    expect(filters).toEqual({
      counterparty: 12,
      direction: 'PAYABLE',
      status: 'OVERDUE',
      due_from: '2025-01-01',
      due_to: undefined,
    });
    expect(debtFiltersFromParams(new URLSearchParams('direction=owed&status=open&counterparty=0x1'))).toEqual(
      {
        counterparty: undefined,
        direction: undefined,
        status: undefined,
        due_from: undefined,
        due_to: undefined,
      },
    );
  });

  it('reads a reversed due-date range the right way round', () => {
    const filters = debtFiltersFromParams(new URLSearchParams('due_from=2025-03-10&due_to=2025-03-01'));
    expect([filters.due_from, filters.due_to]).toEqual(['2025-03-01', '2025-03-10']);
  });

  it('trims the counterparty search and knows the three kinds', () => {
    expect(counterpartyFiltersFromParams(new URLSearchParams('search=%20Anvar%20&kind=BOTH'))).toEqual({
      search: 'Anvar',
      kind: 'BOTH',
    });
    expect(counterpartyFiltersFromParams(new URLSearchParams('search=%20&kind=FRIEND'))).toEqual({
      search: undefined,
      kind: undefined,
    });
  });

  it('ids and pages are positive whole numbers within int4', () => {
    expect(pickId('7')).toBe(7);
    expect(pickId('0')).toBeUndefined();
    expect(pickId('99999999999')).toBeUndefined();
    expect(pickPage('3')).toBe(3);
    expect(pickPage('-1')).toBe(1);
    expect(pickPage(null)).toBe(1);
  });

  it('a filter change starts from page 1; a page turn keeps the filters', () => {
    const params = new URLSearchParams('status=OPEN&page=4');
    expect(withChanges(params, { direction: 'RECEIVABLE' }).toString()).toBe(
      'status=OPEN&direction=RECEIVABLE',
    );
    expect(withChanges(params, { page: '5' }).toString()).toBe('status=OPEN&page=5');
    expect(withChanges(params, { status: null }).toString()).toBe('');
  });
});

describe('days', () => {
  it('are real calendar days, written as the app writes dates', () => {
    applyUzbekDates();
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('0202-01-01')).toBe(false);
    expect(formatDay('2025-06-17')).toBe('17 Iyun 2025');
    expect(formatDay(null)).toBe('—');
  });
});
