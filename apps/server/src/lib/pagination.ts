import { msg } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';

// The paginated lists' conventions (DESIGN.md section 4): Django REST framework's page numbers and
// next/previous links.

/** DRF's page numbers: digits only, 1 up to the last page (page 1 of an empty list exists). */
export function parsePage(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(msg('errors.invalid_page'));
  return Number(raw);
}

/** DRF-style next/previous links: the same query with another page number. */
export function pageLink(request: FastifyRequest, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

/** The page object of a paginated list: `{count, next, previous, results}`. */
export function pageOf<T>(
  request: FastifyRequest,
  page: { count: number; page: number; lastPage: number; results: T[] },
) {
  return {
    count: page.count,
    next: pageLink(request, page.page < page.lastPage ? page.page + 1 : null),
    previous: pageLink(request, page.page > 1 ? page.page - 1 : null),
    results: page.results,
  };
}

/**
 * A page of rows that carry their whole result's count (`count(*) OVER ()`): the count, the last
 * page, and DRF's 404 for a page past the end (page 1 of an empty list exists).
 */
export function countedPage<R extends { total_count: number }>(rows: R[], page: number, size: number) {
  const count = rows[0]?.total_count ?? 0;
  if (page > 1 && rows.length === 0) throw notFound(msg('errors.invalid_page'));
  return { page, lastPage: Math.max(1, Math.ceil(count / size)), count, rows };
}
