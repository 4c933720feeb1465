import { SetPasswordFormSchema, type SetPasswordFormValues } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail } from '../../../lib/api-client.ts';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { SubmitAndBackToLogin } from '../components/AuthFormParts.tsx';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { PasswordInput } from '../components/PasswordInput.tsx';
import { type LoginState, readSetPasswordState } from '../navigation-state.ts';

/**
 * Sets a password: after a reset code (spec.md section 4, the token in the navigation state), or
 * with an invitation link, /set-password?invite=<token> (DESIGN.md section 9). Neither signs in.
 */
export function SetPasswordPage() {
  const t = useT();
  const location = useLocation();
  const [search] = useSearchParams();
  const invite = search.get('invite');
  const { resetToken } = readSetPasswordState(location.state);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = useSubmitPassword(invite, resetToken, setError);
  // The new password is the server's rule (DESIGN.md section 5); the shared schema adds the
  // confirmation, whose mismatch (spec.md section 5) sends nothing.
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordFormValues>({
    resolver: useTranslatedResolver(zodResolver(SetPasswordFormSchema)),
    defaultValues: { password: '', confirm: '' },
  });
  // spec.md section 8 "Password mismatch" is the page's error; a too short password shows under its field.
  const mismatch = errors.confirm?.message;

  return (
    <AuthLayout
      title={invite ? t('auth.setPassword.inviteTitle') : t('auth.setPassword.title')}
      description={invite ? t('auth.setPassword.inviteDescription') : t('auth.setPassword.description')}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit, () => setError(null))} className="space-y-5">
        <ErrorMessage>{error ?? mismatch}</ErrorMessage>
        <PasswordInput
          label={invite ? t('auth.setPassword.inviteNewPassword') : t('auth.setPassword.newPassword')}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label={invite ? t('auth.setPassword.inviteConfirmPassword') : t('auth.setPassword.confirmPassword')}
          autoComplete="new-password"
          {...register('confirm')}
        />
        <SubmitAndBackToLogin loading={isSubmitting}>
          {/* spec.md section 2 writes the reset page's texts in English; the invitation (DESIGN.md
              section 9) is not in spec.md, so it speaks the reader's language throughout. */}
          {invite
            ? t(isSubmitting ? 'auth.setPassword.inviteSubmitting' : 'auth.setPassword.inviteSubmit')
            : t(isSubmitting ? 'auth.setPassword.submitting' : 'auth.setPassword.submit')}
        </SubmitAndBackToLogin>
      </form>
    </AuthLayout>
  );
}

/** Accepts the invitation, or sets the reset password; either way back to login with a notice. */
function useSubmitPassword(
  invite: string | null,
  resetToken: string | undefined,
  setError: (error: string | null) => void,
) {
  const t = useT();
  const RESET_FAILED = t('auth.setPassword.resetFailed');
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const acceptInvite = useAcceptInvite();
  async function onSubmit({ password }: SetPasswordFormValues) {
    setError(null);
    if (invite) {
      try {
        await acceptInvite.mutateAsync({ token: invite, new_password: password });
        const next: LoginState = { notice: t('auth.setPassword.inviteDone') };
        navigate(paths.login, { replace: true, state: next });
      } catch (err) {
        setError(errorDetail(err) ?? t('auth.setPassword.inviteFailed'));
      }
      return;
    }
    if (!resetToken) {
      setError(RESET_FAILED);
      return;
    }
    try {
      await resetPassword.mutateAsync({ token: resetToken, new_password: password });
      const next: LoginState = { notice: t('auth.setPassword.resetDone') };
      navigate(paths.login, { replace: true, state: next });
    } catch {
      setError(RESET_FAILED);
    }
  }
  return onSubmit;
}
