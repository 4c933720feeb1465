import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { logout } from '../api/logout.ts';

/** /logout signs out on load (spec.md section 2): revoke the refresh cookie, drop the token, go to /login. */
export function LogoutPage() {
  const t = useT();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    void logout().then(() => navigate(paths.login, { replace: true }));
  }, [navigate]);

  return (
    <div className="flex min-h-dvh items-center justify-center">
      <LoadingText>{t('auth.logout.busy')}</LoadingText>
    </div>
  );
}
