import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { useSessionBootstrap, useTokenRefreshTimer } from '../lib/session.ts';
import { BootFailedScreen, BootScreen } from './BootScreen.tsx';
import { useUserLanguage } from './LanguageSwitcher.tsx';
import { LiveUpdates } from './live/LiveUpdates.tsx';
import { AfterLoad } from './pwa/AfterLoad.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

function Session() {
  // The guards must not decide before the load-time refresh has answered (DESIGN.md section 5).
  const ready = useSessionBootstrap();
  useTokenRefreshTimer();
  useUserLanguage();
  if (!ready) return <BootScreen />;
  return (
    <>
      <LiveUpdates />
      <RouterProvider router={router} />
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
