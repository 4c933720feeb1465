import { ResetPasswordBodySchema } from '@app/shared';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { paths } from '../../../config/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { PasswordInput } from '../components/PasswordInput.tsx';
import { type LoginState, readSetPasswordState } from '../navigation-state.ts';

const MISMATCH = 'Passwords do not match.';
const RESET_FAILED = 'Failed to set new password. Link may have expired.';

// The server's rule for a new password (at least 8 characters, DESIGN.md section 5), one definition.
const NewPasswordSchema = ResetPasswordBodySchema.shape.new_password;

interface SetPasswordForm {
  password: string;
  confirm: string;
}

export function SetPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { resetToken } = readSetPasswordState(location.state);
  const resetPassword = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordForm>({ defaultValues: { password: '', confirm: '' } });

  async function onSubmit({ password, confirm }: SetPasswordForm) {
    setError(null);
    // spec.md section 5: the two fields must be identical, else this message and nothing is sent.
    if (password !== confirm) {
      setError(MISMATCH);
      return;
    }
    const parsed = NewPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setFieldError('password', { message: parsed.error.issues[0]?.message });
      return;
    }
    if (!resetToken) {
      setError(RESET_FAILED);
      return;
    }
    try {
      await resetPassword.mutateAsync({ token: resetToken, new_password: parsed.data });
      const next: LoginState = { notice: 'Your password has been changed. Please sign in.' };
      navigate(paths.login, { replace: true, state: next });
    } catch {
      setError(RESET_FAILED);
    }
  }

  return (
    <AuthLayout title="Set new password" description="Choose a new password for your account.">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        <ErrorMessage>{error}</ErrorMessage>
        <PasswordInput
          label="Create New Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password', { required: 'This field may not be blank.' })}
        />
        <PasswordInput
          label="Re-enter New Password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...register('confirm', { required: 'This field may not be blank.' })}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {isSubmitting ? 'Setting...' : 'Set Password'}
        </Button>
        <Link
          to={paths.login}
          className="flex items-center justify-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to login
        </Link>
      </form>
    </AuthLayout>
  );
}
