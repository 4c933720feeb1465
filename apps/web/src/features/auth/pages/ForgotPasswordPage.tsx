import { ForgotPasswordBodySchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { ApiError, errorDetail } from '../../../lib/api-client.ts';
import { useRequestPasswordCode } from '../api/forgot-password.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import type { VerifyCodeState } from '../navigation-state.ts';

type ForgotPasswordForm = z.output<typeof ForgotPasswordBodySchema>;

export function ForgotPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const sendCode = useRequestPasswordCode();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ForgotPasswordBodySchema>, unknown, ForgotPasswordForm>({
    resolver: useTranslatedResolver(zodResolver(ForgotPasswordBodySchema)),
    defaultValues: { email: '' },
  });

  async function onSubmit({ email }: ForgotPasswordForm) {
    setError(null);
    try {
      await sendCode.mutateAsync(email);
      const state: VerifyCodeState = { email, sentAt: Date.now() };
      navigate(paths.verifyCode, { state });
    } catch (err) {
      // A 429 (a code at most every 60 s, DESIGN.md section 5) explains itself; all else is spec.md's text.
      const SEND_FAILED = t('auth.forgot.failed');
      setError(
        err instanceof ApiError && err.status === 429 ? (errorDetail(err) ?? SEND_FAILED) : SEND_FAILED,
      );
    }
  }

  return (
    <AuthLayout title={t('auth.forgot.title')} description={t('auth.forgot.description')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        <ErrorMessage>{error}</ErrorMessage>
        <Input
          label={t('auth.field.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('auth.field.emailPlaceholder')}
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {isSubmitting ? t('auth.sending') : t('auth.forgot.submit')}
        </Button>
        <Link
          to={paths.login}
          className="flex items-center justify-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('auth.backToLogin')}
        </Link>
      </form>
    </AuthLayout>
  );
}
