import { STOCK_LIST_PAGE_SIZE } from '@app/shared';
import { useState } from 'react';

/**
 * The Buy and Sell lists' state (DESIGN.md section 16): the ordering, the location filter and the
 * page, which starts again at 1 when the ordering or the location changes.
 */
export function useStockListState<O extends string>(initial: O) {
  const [ordering, setOrdering] = useState<O>(initial);
  const [location, setLocation] = useState('');
  const [page, setPage] = useState(1);
  return {
    ordering,
    location,
    page,
    setPage,
    onOrdering: (next: O) => {
      setOrdering(next);
      setPage(1);
    },
    onLocation: (next: string) => {
      setLocation(next);
      setPage(1);
    },
    /** Pages of a list `count` long; 0 until it has loaded. */
    totalPages: (count: number | undefined) =>
      count === undefined ? 0 : Math.max(1, Math.ceil(count / STOCK_LIST_PAGE_SIZE)),
    /** The number a row shows: its place in the whole list, across pages. */
    rowNumber: (index: number) => (page - 1) * STOCK_LIST_PAGE_SIZE + index + 1,
  };
}
