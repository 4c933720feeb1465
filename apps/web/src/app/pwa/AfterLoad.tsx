import { lazy, Suspense, useEffect, useState } from 'react';

// The service worker's registration and its update banner are a chunk of their own, fetched once
// the page has loaded: the sign-in page's first paint does not wait for them (DESIGN.md
// section 23 budgets).
const UpdateBanner = lazy(() => import('./UpdateBanner.tsx').then((m) => ({ default: m.UpdateBanner })));

export function AfterLoad() {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  if (!loaded || import.meta.env.DEV || !('serviceWorker' in navigator)) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner />
    </Suspense>
  );
}
