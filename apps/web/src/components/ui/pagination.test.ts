import { describe, expect, it } from 'vitest';
import { canGoToPage, pageWindow, parseJumpTarget } from './pagination.ts';

describe('pageWindow', () => {
  it('shows every page when there are at most seven', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows nothing when there are no pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('keeps the start run and one ellipsis near the first page', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
  });

  it('centres the current page with ellipses on both sides in the middle', () => {
    expect(pageWindow(5, 20)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 20]);
    expect(pageWindow(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(pageWindow(16, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 'ellipsis-end', 20]);
  });

  it('keeps the end run and one ellipsis near the last page', () => {
    expect(pageWindow(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });

  it('always shows seven slots, the current page among them, above seven pages', () => {
    for (let total = 8; total <= 30; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const items = pageWindow(current, total);
        expect(items).toHaveLength(7);
        expect(items).toContain(current);
        expect(items[0]).toBe(1);
        expect(items[6]).toBe(total);
        const pages = items.filter((item): item is number => typeof item === 'number');
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
      }
    }
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(99, 20)).toEqual(pageWindow(20, 20));
    expect(pageWindow(0, 20)).toEqual(pageWindow(1, 20));
  });
});

describe('parseJumpTarget', () => {
  it('accepts whole numbers from 1 to the last page', () => {
    expect(parseJumpTarget('1', 5, 12)).toBe(1);
    expect(parseJumpTarget(' 12 ', 5, 12)).toBe(12);
  });

  it('ignores the current page', () => {
    expect(parseJumpTarget('5', 5, 12)).toBeNull();
  });

  it('ignores pages out of range', () => {
    expect(parseJumpTarget('0', 5, 12)).toBeNull();
    expect(parseJumpTarget('13', 5, 12)).toBeNull();
    expect(parseJumpTarget('99999999999999999999', 5, 12)).toBeNull();
  });

  it('ignores anything but a whole number', () => {
    for (const input of ['', ' ', '2.5', '-1', '1e1', 'abc', '3a', '+3', '0x3']) {
      expect(parseJumpTarget(input, 5, 12)).toBeNull();
    }
  });
});

describe('canGoToPage', () => {
  it('allows another page in range only', () => {
    expect(canGoToPage(2, 1, 3)).toBe(true);
    expect(canGoToPage(1, 1, 3)).toBe(false);
    expect(canGoToPage(0, 1, 3)).toBe(false);
    expect(canGoToPage(4, 1, 3)).toBe(false);
    expect(canGoToPage(1.5, 1, 3)).toBe(false);
  });
});
