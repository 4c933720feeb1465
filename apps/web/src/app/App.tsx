import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { useFirstPageShown } from '../lib/first-page.ts';
import { useAccessToken, useSessionBootstrap, useTokenRefreshTimer } from '../lib/session.ts';
import { BootFailedScreen, BootScreen } from './BootScreen.tsx';
import { useUserLanguage } from './LanguageSwitcher.tsx';
import { AppRoutes } from './lazy-routes.tsx';
import { AfterLoad } from './pwa/AfterLoad.tsx';
import { queryClient } from './query-client.ts';
import { routeObjects } from './router.tsx';

// The live events' stream and the cache updates it brings (DESIGN.md section 13), only for a
// signed-in user and once the first page is on screen: no first load carries them (DESIGN.md
// section 23, lib/first-page.ts). It changes caches, not texts: the pages their events redraw
// have their own parts of the catalogue (i18n/README.md).
const LiveUpdates = lazy(() => import('./live/LiveUpdates.tsx').then((m) => ({ default: m.LiveUpdates })));

/**
 * The pages, one element for the app's life: the session's own changes (the first page shown, the
 * refresh timer, the user's language) do not draw the routes again; what a page reads of the
 * session it reads itself (RequireAuth, the guards), and the router its location.
 */
const ROUTES = (
  <BrowserRouter>
    <AppRoutes routes={routeObjects} />
  </BrowserRouter>
);

function Session() {
  // The guards must not decide before the load-time refresh has answered (DESIGN.md section 5).
  const ready = useSessionBootstrap();
  const signedIn = useAccessToken() !== null;
  const shown = useFirstPageShown();
  useTokenRefreshTimer();
  useUserLanguage();
  if (!ready) return <BootScreen />;
  return (
    <>
      {signedIn && shown && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
      {ROUTES}
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider fallback={<BootScreen />} failed={<BootFailedScreen />}>
        <Session />
        <AfterLoad />
      </I18nProvider>
    </QueryClientProvider>
  );
}
