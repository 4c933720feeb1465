import { describe, expect, it } from 'vitest';
import {
  pickId,
  pickOption,
  pickPage,
  scopeSearch,
  sortDirection,
  toggleOrdering,
  withChanges,
} from './report-params.ts';

describe('ordering', () => {
  it('reads the direction of a column', () => {
    expect(sortDirection('revenue_uzs', 'revenue_uzs')).toBe('asc');
    expect(sortDirection('-revenue_uzs', 'revenue_uzs')).toBe('desc');
    expect(sortDirection('-qty', 'revenue_uzs')).toBeNull();
    expect(sortDirection(undefined, 'qty')).toBeNull();
  });

  it('a first click sorts the column its first way, the next click the other way', () => {
    expect(toggleOrdering(undefined, 'revenue_uzs')).toBe('-revenue_uzs');
    expect(toggleOrdering('-revenue_uzs', 'revenue_uzs')).toBe('revenue_uzs');
    expect(toggleOrdering('revenue_uzs', 'revenue_uzs')).toBe('-revenue_uzs');
    expect(toggleOrdering('-qty', 'label', 'asc')).toBe('label');
    expect(toggleOrdering('label', 'label', 'asc')).toBe('-label');
  });
});

describe('reading the URL', () => {
  it('keeps only allowed options', () => {
    expect(pickOption('day', ['product', 'day'] as const, 'product')).toBe('day');
    expect(pickOption('drop table', ['product', 'day'] as const, 'product')).toBe('product');
    expect(pickOption(null, ['a', 'b'] as const, undefined)).toBeUndefined();
  });

  it('reads ids and pages', () => {
    expect(pickId('12')).toBe(12);
    expect(pickId('0')).toBeUndefined();
    expect(pickId('1e3')).toBeUndefined();
    expect(pickId('99999999999')).toBeUndefined();
    expect(pickPage('3')).toBe(3);
    expect(pickPage('0')).toBe(1);
    expect(pickPage('-2')).toBe(1);
    expect(pickPage(null)).toBe(1);
  });
});

describe('changing the URL', () => {
  it('a filter change starts again from page 1; empty values remove their key', () => {
    const params = new URLSearchParams('date_from=2025-06-01&group_by=day&page=4&ordering=-qty');
    expect(withChanges(params, { group_by: 'product', ordering: null }).toString()).toBe(
      'date_from=2025-06-01&group_by=product',
    );
    expect(withChanges(params, { page: '5' }).get('page')).toBe('5');
    expect(withChanges(params, { department: '' }).has('department')).toBe(false);
    // The original is left alone.
    expect(params.get('page')).toBe('4');
  });

  it('carries the period and department, and nothing else, to another report', () => {
    const params = new URLSearchParams(
      'date_from=2025-06-01&date_to=2025-06-18&department=7&group_by=day&page=2',
    );
    expect(scopeSearch(params)).toBe('?date_from=2025-06-01&date_to=2025-06-18&department=7');
    expect(scopeSearch(new URLSearchParams('page=2'))).toBe('');
    expect(scopeSearch(new URLSearchParams(''), { variant: '3' })).toBe('?variant=3');
  });
});
