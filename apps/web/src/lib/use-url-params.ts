import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { withChanges } from './url-params.ts';

export interface UrlParams {
  params: URLSearchParams;
  /** Changes some params (null or '' removes one) and starts again from page 1 unless `page` is given. */
  update: (changes: Record<string, string | null | undefined>) => void;
}

/** A list's filters, read from and written to the URL (the debt book's, the documents'). */
export function useUrlParams(): UrlParams {
  const [params, setParams] = useSearchParams();
  // replace: a filter change is not a page of its own for the Back button.
  const update = useCallback(
    (changes: Record<string, string | null | undefined>) =>
      setParams((current) => withChanges(current, changes), { replace: true }),
    [setParams],
  );
  return { params, update };
}
