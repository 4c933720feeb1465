import { ForgotPasswordBodySchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { ApiError, errorDetail } from '../../../lib/api-client.ts';
import { useRequestPasswordCode } from '../api/forgot-password.ts';
import { EmailInput, SubmitAndBackToLogin } from '../components/AuthFormParts.tsx';
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
        <EmailInput error={errors.email?.message} {...register('email')} />
        <SubmitAndBackToLogin loading={isSubmitting}>
          {isSubmitting ? t('auth.sending') : t('auth.forgot.submit')}
        </SubmitAndBackToLogin>
      </form>
    </AuthLayout>
  );
}
