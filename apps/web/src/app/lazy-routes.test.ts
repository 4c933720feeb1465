import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeMatches } from './lazy-routes.tsx';

const routes: RouteObject[] = [
  { path: '/login' },
  {
    path: '/',
    children: [
      { index: true },
      { path: 'sell/new' },
      { path: 'sales/:id' },
      { path: 'catalog', children: [{ path: 'products' }, { path: ':tab' }] },
    ],
  },
  { path: '*' },
];

const shape = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((m) => ({
    params: m.params,
    pathname: m.pathname,
    pathnameBase: m.pathnameBase,
    route: m.route,
  }));

describe('routeMatches', () => {
  it("finds the routes react-router's matchRoutes finds", () => {
    for (const path of [
      '/',
      '/sell/new',
      '/sales/17',
      '/catalog/products',
      '/catalog/sizes',
      '/login',
      '/nowhere/x',
    ])
      expect(shape(routeMatches(routes, path)), path).toEqual(shape(matchRoutes(routes, path)));
  });

  it('gives the pathnames URL-encoded, as useRoutes does, and the params decoded', () => {
    const matches = routeMatches(routes, '/sales/a b%25');
    expect(matches?.at(-1)?.pathname).toBe('/sales/a%20b%25');
    expect(matches?.at(-1)?.params).toEqual({ id: 'a b%' });
  });

  it('matches a pathname once and gives the same answer again', () => {
    expect(routeMatches(routes, '/sales/5')).toBe(routeMatches(routes, '/sales/5'));
  });

  it('keeps the last 50 pathnames only: an older one is matched anew', () => {
    const own = [...routes]; // its own matches, apart from the other tests'
    const first = routeMatches(own, '/sales/first');
    for (let id = 0; id < 49; id++) routeMatches(own, `/sales/${id}`);
    expect(routeMatches(own, '/sales/first')).toBe(first);
    routeMatches(own, '/sales/49');
    const again = routeMatches(own, '/sales/first');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
