import { Component, type ComponentType, lazy, type ReactNode, Suspense, useLayoutEffect } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject, renderMatches, useLocation } from 'react-router';
import { catalogueParts, type TextPart } from '../i18n/catalogue.ts';
import { RouteErrorPage } from './RouteErrorPage.tsx';

// The routes of spec.md section 2, declared as react-router's route objects but loaded by the app
// (DESIGN.md section 23): react-router's declarative mode (BrowserRouter and useRoutes) is about 16
// KB smaller gzipped than its data router, whose loaders, actions and `lazy` the app did not use
// but for `lazy`. A page is a `React.lazy` component that waits for its chunk and its catalogue
// parts together; every route the location matches starts loading at once (the shell and the
// page side by side, as the data router's `lazy` did), and an error boundary stands where the
// data router's ErrorBoundary stood.

/** A route: react-router's fields, and `page`, a lazily loaded page (its own chunk). */
export interface AppRoute {
  path?: string;
  index?: boolean;
  /** What renders now: a guard, a redirect, the sign-in page. */
  element?: ReactNode;
  /** A page loaded when first matched, with the catalogue parts of `texts` (i18n/catalogue.ts). */
  page?: () => Promise<ComponentType>;
  texts?: readonly TextPart[];
  /** Shown while `page` loads; nothing by default (a page's place in the shell stays empty). */
  fallback?: ReactNode;
  children?: AppRoute[];
}

/**
 * A route whose pages render with these parts of the catalogue (DESIGN.md section 23): each page
 * in it waits for them beside its chunk, so that a signed-in page loads its feature's texts, not
 * every namespace, and never renders before them.
 */
export function withTexts(parts: readonly TextPart[], route: AppRoute): AppRoute {
  return { ...route, texts: [...(route.texts ?? []), ...parts] };
}

interface Preload {
  preload?: () => Promise<unknown>;
}

/** One lazy page: its element and the start of its load (which the element's first render also calls). */
function lazyPage(load: () => Promise<ComponentType>, texts: readonly TextPart[], fallback: ReactNode) {
  let started: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    started ??= Promise.all([load(), catalogueParts(texts)]).then(([Page]) => ({ default: Page }));
    return started;
  };
  const Page = lazy(preload);
  return {
    element: (
      <Suspense fallback={fallback}>
        <Page />
      </Suspense>
    ),
    preload,
  };
}

/** react-router's route objects of these routes, each page's texts those of every route above it too. */
export function toRouteObjects(routes: readonly AppRoute[], texts: readonly TextPart[] = []): RouteObject[] {
  return routes.map((route) => {
    const parts = [...texts, ...(route.texts ?? [])];
    const lazyOne = route.page ? lazyPage(route.page, parts, route.fallback ?? null) : null;
    const children = route.children ? toRouteObjects(route.children, parts) : undefined;
    const handle: Preload = { preload: lazyOne?.preload };
    const element = lazyOne ? lazyOne.element : route.element;
    return route.index
      ? { index: true, path: route.path, element, handle }
      : { path: route.path, element, handle, children };
  });
}

/** How many pathnames' matches are kept (the last ones matched). */
const KEPT_MATCHES = 50;
const kept = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();

/** A pathname as useRoutes gives its matches: `%`, `?` and `#` kept, the rest URL-encoded. */
function encodedPath(pathname: string): string {
  return new URL(pathname.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23'), 'http://app')
    .pathname;
}

/**
 * The routes a pathname matches, as `useRoutes` finds them at the top of the tree, kept per
 * pathname: react-router flattens, ranks and compiles all seventy routes' patterns on each call
 * (20-40 ms of Lighthouse's four-times-slower phone, docs/benchmarks.md), and `useRoutes` and the
 * preload asked for the same pathname on every render as the app started.
 */
export function routeMatches(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let byPath = kept.get(routes);
  if (!byPath) {
    byPath = new Map();
    kept.set(routes, byPath);
  }
  let matches = byPath.get(pathname);
  if (matches === undefined) {
    matches =
      matchRoutes(routes, pathname)?.map((m) => ({
        ...m,
        pathname: encodedPath(m.pathname),
        pathnameBase: m.pathnameBase === '/' ? '/' : encodedPath(m.pathnameBase),
      })) ?? null;
    if (byPath.size >= KEPT_MATCHES) byPath.delete(byPath.keys().next().value as string);
    byPath.set(pathname, matches);
  }
  return matches;
}

/** The routes' tree for this location, every matched page starting to load at once. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const matches = routeMatches(routes, location.pathname);
  useLayoutEffect(() => {
    // A load that fails is the page's to show (RouteErrors), when it renders; a guard may send the
    // user elsewhere first.
    for (const match of matches ?? [])
      void (match.route.handle as Preload).preload?.().catch(() => undefined);
  }, [matches]);
  return <RouteErrors location={location.key}>{renderMatches(matches)}</RouteErrors>;
}

interface RouteErrorsProps {
  location: string;
  children: ReactNode;
}

/**
 * The last resort for a render error or a chunk that failed to load (often a deploy replaced the
 * files under an open tab): RouteErrorPage instead of the tree, until the user goes elsewhere.
 */
class RouteErrors extends Component<RouteErrorsProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: RouteErrorsProps) {
    if (this.state.error !== null && previous.location !== this.props.location)
      this.setState({ error: null });
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <RouteErrorPage error={this.state.error} />;
  }
}
