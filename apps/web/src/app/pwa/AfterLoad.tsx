import { lazy, Suspense, useEffect, useState } from 'react';
import { catalogueParts } from '../../i18n/catalogue.ts';
import { offlineUser } from '../../lib/auth.ts';
import { useFirstPageShown } from '../../lib/first-page.ts';
import { useAccessToken } from '../../lib/session.ts';

// What the page does once it has loaded and its first page is on screen (DESIGN.md section 23,
// lib/first-page.ts), each a chunk of its own so no first paint waits for them: the service
// worker's registration with its update banner, and the runner that sends the sales the counter
// queued offline (with Dexie's store, 31 KB). The load event alone came before a signed-in page's
// lazy chunks had rendered.
const UpdateBanner = lazy(() => import('./UpdateBanner.tsx').then((m) => ({ default: m.UpdateBanner })));
// The runner writes the documents' texts into what it keeps (a refused sale's note): it waits for
// them, as a documents page does (i18n/catalogue.ts).
const QueueRunner = lazy(() =>
  Promise.all([
    import('../../features/documents/offline/QueueRunner.tsx'),
    catalogueParts(['documents']),
  ]).then(([m]) => ({ default: m.QueueRunner })),
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
  const shown = useFirstPageShown();
  if (!loaded || !shown) return null;
  return (
    <Suspense fallback={null}>
      {signedIn ? <QueueRunner /> : null}
      {import.meta.env.DEV || !('serviceWorker' in navigator) ? null : <UpdateBanner />}
    </Suspense>
  );
}
