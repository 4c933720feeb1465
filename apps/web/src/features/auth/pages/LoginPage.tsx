import type { LoginBody } from '@app/shared';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { ApiError, errorDetail } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { EmailInput } from '../components/AuthFormParts.tsx';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { LoginSlideshow } from '../components/LoginSlideshow.tsx';
import { PasswordInput } from '../components/PasswordInput.tsx';
import { useLoginForm } from '../login-form.ts';
import { readLoginState, type VerifyCodeState } from '../navigation-state.ts';

/** `languageSwitcher`: the app's (app/LanguageSwitcher.tsx), shown under the form. */
export function LoginPage({ languageSwitcher }: { languageSwitcher?: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { notice } = readLoginState(location.state);
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);
  const form = useLoginForm(signIn);

  async function signIn(values: LoginBody) {
    setError(null);
    try {
      const result = await loginMutation.mutateAsync(values);
      if ('otp_required' in result) {
        const state: VerifyCodeState = {
          otpToken: result.otp_token,
          email: values.email,
          sentAt: Date.now(),
        };
        navigate(paths.verifyCode, { state });
      } else {
        navigate(paths.home, { replace: true });
      }
    } catch (err) {
      // spec.md section 8 gives one message for a failed login. A throttled login (429, DESIGN.md
      // section 5) shows the server's detail instead, which says how long to wait, and so does a
      // deactivated account's right password (403, DESIGN.md section 16: whom to ask).
      const LOGIN_FAILED = t('auth.login.failed');
      const ownDetail = err instanceof ApiError && (err.status === 429 || err.status === 403);
      setError(ownDetail ? (errorDetail(err) ?? LOGIN_FAILED) : LOGIN_FAILED);
    }
  }

  return (
    <AuthLayout
      title={t('auth.login.title')}
      description={t('auth.login.description')}
      aside={<LoginSlideshow />}
    >
      <form noValidate onSubmit={(event) => void form.onSubmit(event)} className="space-y-5">
        <SuccessMessage>{notice}</SuccessMessage>
        <ErrorMessage>{error}</ErrorMessage>
        <EmailInput autoComplete="username" {...form.field('email')} />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          placeholder="••••••••"
          labelAside={
            <Link to={paths.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
              {t('auth.login.forgotLink')}
            </Link>
          }
          {...form.field('password')}
        />
        <Checkbox label={t('auth.login.remember')} {...form.remember} />
        <Button type="submit" size="lg" className="w-full" loading={form.submitting}>
          {form.submitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </form>
      {languageSwitcher}
    </AuthLayout>
  );
}
