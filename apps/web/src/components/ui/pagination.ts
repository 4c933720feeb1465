// Pure page arithmetic for <Pagination> (spec.md section 2, Money transactions; section 5, Jump-to-page).

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page buttons to show. Every page when there are at most `maxAll` (7); otherwise seven slots:
 * the first page, the last page, the current page with its neighbours, and ellipses for the gaps.
 *   pageWindow(1, 20)  -> 1 2 3 4 5 … 20
 *   pageWindow(10, 20) -> 1 … 9 10 11 … 20
 *   pageWindow(20, 20) -> 1 … 16 17 18 19 20
 */
export function pageWindow(current: number, total: number, maxAll = 7): PageItem[] {
  if (total <= 0) return [];
  const last = Math.floor(total);
  if (last <= maxAll) return Array.from({ length: last }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  // With 7 slots: first, ellipsis, three around the current page, ellipsis, last.
  const edge = maxAll - 2; // pages shown in a run that touches an end
  if (page <= edge - 1) {
    return [...range(1, edge), 'ellipsis-end', last];
  }
  if (page >= last - (edge - 2)) {
    return [1, 'ellipsis-start', ...range(last - edge + 1, last)];
  }
  const side = Math.floor((maxAll - 4) / 2);
  return [1, 'ellipsis-start', ...range(page - side, page + side), 'ellipsis-end', last];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The page a jump-to-page entry asks for, or null when it must be ignored: only whole numbers from
 * 1 to the last page, and never the current page (spec.md section 5).
 */
export function parseJumpTarget(input: string, current: number, total: number): number | null {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  const page = Number(text);
  if (!Number.isSafeInteger(page) || page < 1 || page > total || page === current) return null;
  return page;
}

/** Whether navigating to `page` should happen: in range and not the current page. */
export function canGoToPage(page: number, current: number, total: number): boolean {
  return Number.isInteger(page) && page >= 1 && page <= total && page !== current;
}
