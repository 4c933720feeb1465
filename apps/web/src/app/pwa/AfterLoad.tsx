import { lazy, Suspense, useEffect, useState } from 'react';
import { offlineUser } from '../../lib/auth.ts';
import { useAccessToken } from '../../lib/session.ts';

// What the page does once it has loaded (DESIGN.md section 23), each a chunk of its own so the
// sign-in page's first paint waits for neither: the service worker's registration with its update
// banner, and the runner that sends the sales the counter queued offline.
const UpdateBanner = lazy(() => import('./UpdateBanner.tsx').then((m) => ({ default: m.UpdateBanner })));
const QueueRunner = lazy(() =>
  import('../../features/documents/offline/QueueRunner.tsx').then((m) => ({ default: m.QueueRunner })),
);

export function AfterLoad() {
  const token = useAccessToken();
  // The runner only for a session (or the device's last user offline): the sign-in page skips it.
  const signedIn = token !== null || offlineUser(token) !== null;
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      {signedIn ? <QueueRunner /> : null}
      {import.meta.env.DEV || !('serviceWorker' in navigator) ? null : <UpdateBanner />}
    </Suspense>
  );
}
