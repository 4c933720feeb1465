import { CloudOff } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useT } from '../../i18n/useT.ts';
import { refreshAccessToken, refreshWentUnanswered } from '../../lib/api-client.ts';

/**
 * When the connection returns, renews the session the page could not renew offline; the guard
 * then shows the page asked for, or /login when the answer says the session had ended.
 */
export function useRenewWhenOnline(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const retry = async () => {
      const token = await refreshAccessToken();
      // Answered without a token: the session had ended, sign in again.
      if (!token && !refreshWentUnanswered()) navigate(paths.login, { replace: true });
    };
    const online = () => void retry();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [navigate]);
}

/**
 * The page opened without a connection (the service worker served it, DESIGN.md section 23), the
 * session could not be renewed and the device knows no last user: it says so and waits. The
 * sales the counter queued stay on the device meanwhile and are sent then (docs/offline.md).
 */
export function WaitingForConnection() {
  const t = useT();
  useRenewWhenOnline();
  return (
    <div
      role="alert"
      data-testid="waiting-for-connection"
      className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-slate-50 p-6 text-center"
    >
      <CloudOff aria-hidden="true" className="h-10 w-10 text-slate-500" />
      <p className="max-w-sm text-slate-700">{t('common.offline.waiting')}</p>
    </div>
  );
}
