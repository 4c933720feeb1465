import type { LoginBody, LoginBodySchema } from '@app/shared';
import { type ReactNode, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { ApiError, errorDetail } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { EmailInput } from '../components/AuthFormParts.tsx';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { LoginSlideshow } from '../components/LoginSlideshow.tsx';
import { PasswordInput } from '../components/PasswordInput.tsx';
import { readLoginState, type VerifyCodeState } from '../navigation-state.ts';

type LoginInput = z.input<typeof LoginBodySchema>;

/** The form's check, with its schema loaded at the first one (features/auth/auth-schemas.ts). */
const loginResolver: Resolver<LoginInput, unknown, LoginBody> = async (values, context, options) => {
  const { LoginBodySchema, zodResolver } = await import('../auth-schemas.ts');
  return zodResolver(LoginBodySchema)(values, context, options);
};

/** `languageSwitcher`: the app's (app/LanguageSwitcher.tsx), shown under the form. */
export function LoginPage({ languageSwitcher }: { languageSwitcher?: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { notice } = readLoginState(location.state);
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginBody>({
    resolver: useTranslatedResolver(loginResolver),
    defaultValues: { email: '', password: '', remember: false },
  });

  async function onSubmit(values: LoginBody) {
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
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        <SuccessMessage>{notice}</SuccessMessage>
        <ErrorMessage>{error}</ErrorMessage>
        <EmailInput autoComplete="username" error={errors.email?.message} {...register('email')} />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          placeholder="••••••••"
          error={errors.password?.message}
          labelAside={
            <Link to={paths.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
              {t('auth.login.forgotLink')}
            </Link>
          }
          {...register('password')}
        />
        <Checkbox label={t('auth.login.remember')} {...register('remember')} />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </form>
      {languageSwitcher}
    </AuthLayout>
  );
}
