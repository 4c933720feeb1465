import {
  ForgotPasswordBodySchema,
  RESEND_COUNTDOWN_SECONDS,
  type VerifyCodeFormValues,
  VerifyLoginCodeFormSchema,
  VerifyResetCodeFormSchema,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { T } from '../../../i18n/T.tsx';
import { useT } from '../../../i18n/useT.ts';
import { firstErrorMessage } from '../../../lib/form-errors.ts';
import { useRequestPasswordCode } from '../api/forgot-password.ts';
import { useVerifyLoginCode, useVerifyResetCode } from '../api/verify-code.ts';
import { EmailInput } from '../components/AuthFormParts.tsx';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { readVerifyCodeState, type SetPasswordState, type VerifyCodeState } from '../navigation-state.ts';
import { useCountdown } from '../use-countdown.ts';

// The resend's e-mail rule is the server's (DESIGN.md section 5).
const EmailSchema = ForgotPasswordBodySchema.shape.email;

/**
 * Two modes. Reset (spec.md section 2): {email, code} -> reset_token -> /set-password. Login
 * (DESIGN.md section 5, otp_token in state): {otp_token, code} -> tokens -> /.
 */
export function VerifyCodePage() {
  const t = useT();
  const VERIFY_FAILED = t('auth.verify.failed');
  const navigate = useNavigate();
  const location = useLocation();
  const state = readVerifyCodeState(location.state);
  const loginMode = state.otpToken !== undefined;

  // The code rule is the server's (six digits, DESIGN.md section 5): the shared form schema refuses
  // a malformed code before the call, so it does not spend one of the five tries the server allows.
  // Reached without an e-mail (a typed URL), the page asks for it rather than dead-end.
  const form = useForm<VerifyCodeFormValues>({
    resolver: useTranslatedResolver(
      (loginMode
        ? zodResolver(VerifyLoginCodeFormSchema)
        : zodResolver(VerifyResetCodeFormSchema)) as Resolver<VerifyCodeFormValues>,
    ),
    defaultValues: { code: '', email: state.email ?? '' },
  });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const verifyReset = useVerifyResetCode();
  const verifyLogin = useVerifyLoginCode();

  // The countdown starts when the code was sent: on arrival from forgot-password, and after a resend.
  const secondsLeft = useCountdown(
    state.sentAt === undefined ? undefined : state.sentAt + RESEND_COUNTDOWN_SECONDS * 1000,
  );
  const busy = verifyReset.isPending || verifyLogin.isPending;
  const resend = useResend(form, secondsLeft, setError, setNotice);

  const clearMessages = () => {
    setError(null);
    setNotice(null);
  };
  const onSubmit = form.handleSubmit(async ({ code, email }) => {
    if (busy) return;
    clearMessages();
    try {
      if (state.otpToken) {
        await verifyLogin.mutateAsync({ otp_token: state.otpToken, code });
        navigate(paths.home, { replace: true });
      } else {
        const { reset_token } = await verifyReset.mutateAsync({ email, code });
        const next: SetPasswordState = { resetToken: reset_token };
        navigate(paths.setPassword, { state: next, replace: true });
      }
    } catch {
      setError(VERIFY_FAILED);
    }
  }, clearMessages);

  return (
    <AuthLayout title={t('auth.verify.title')} description={t('auth.verify.description')}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <SuccessMessage>{notice}</SuccessMessage>
        <ErrorMessage>{error ?? firstErrorMessage(form.formState.errors)}</ErrorMessage>
        <CodeFields form={form} askEmail={!loginMode && state.email === undefined} sentTo={state.email} />
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? t('auth.verify.submitting') : t('auth.verify.submit')}
        </Button>
        <CodeLinks
          loginMode={loginMode}
          secondsLeft={secondsLeft}
          resending={resend.pending}
          onResend={resend.onResend}
        />
      </form>
    </AuthLayout>
  );
}

/** The e-mail when it is not known (reset mode), where the code went, and the code. */
function CodeFields({
  form,
  askEmail,
  sentTo,
}: {
  form: UseFormReturn<VerifyCodeFormValues>;
  askEmail: boolean;
  sentTo: string | undefined;
}) {
  const t = useT();
  return (
    <>
      {askEmail ? <EmailInput {...form.register('email')} /> : null}
      {sentTo ? (
        <p className="text-sm text-slate-600">
          <T
            id="auth.verify.sentTo"
            values={{
              email: sentTo,
              b: (chunks) => <span className="font-medium text-slate-900">{chunks}</span>,
            }}
          />
        </p>
      ) : null}
      <Input
        label={t('auth.verify.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        maxLength={6}
        {...form.register('code', {
          setValueAs: (value: string) => value.replace(/\s+/g, ''),
        })}
        inputClassName="text-center text-lg tracking-[0.4em] tabular-nums placeholder:tracking-[0.4em]"
      />
    </>
  );
}

/** Back (to login, or to change the e-mail), and in reset mode the resend with its countdown. */
function CodeLinks({
  loginMode,
  secondsLeft,
  resending,
  onResend,
}: {
  loginMode: boolean;
  secondsLeft: number;
  resending: boolean;
  onResend: () => void;
}) {
  const t = useT();
  return (
    <div className="flex items-center justify-between gap-4 text-sm">
      <Link
        to={loginMode ? paths.login : paths.forgotPassword}
        className="flex items-center gap-1.5 font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {loginMode ? t('auth.backToLogin') : t('auth.verify.changeEmail')}
      </Link>
      {/* Resend exists in reset mode only: a login code comes from signing in, and a new one
          needs the password again, so login mode offers "Back to login" instead. */}
      {loginMode ? null : (
        <Button variant="link" onClick={onResend} disabled={secondsLeft > 0 || resending}>
          {secondsLeft > 0
            ? t('auth.verify.resendIn', { seconds: secondsLeft })
            : resending
              ? t('auth.sending')
              : t('auth.verify.resend')}
        </Button>
      )}
    </div>
  );
}

/** A new code to the e-mail (reset mode), once the countdown allows; the countdown restarts. */
function useResend(
  form: UseFormReturn<VerifyCodeFormValues>,
  secondsLeft: number,
  setError: (error: string | null) => void,
  setNotice: (notice: string | null) => void,
) {
  const t = useT();
  const RESEND_FAILED = t('auth.verify.resendFailed');
  const navigate = useNavigate();
  const location = useLocation();
  const resend = useRequestPasswordCode();
  async function onResend() {
    if (secondsLeft > 0 || resend.isPending) return;
    setError(null);
    setNotice(null);
    const parsedEmail = EmailSchema.safeParse(form.getValues('email'));
    if (!parsedEmail.success) {
      setError(RESEND_FAILED);
      return;
    }
    try {
      await resend.mutateAsync(parsedEmail.data);
      // Keep the send time in history state so a reload keeps the countdown.
      const next: VerifyCodeState = { email: parsedEmail.data, sentAt: Date.now() };
      navigate(location.pathname, { replace: true, state: next });
      setNotice(t('auth.verify.resent'));
    } catch {
      setError(RESEND_FAILED);
    }
  }
  return { onResend, pending: resend.isPending };
}
