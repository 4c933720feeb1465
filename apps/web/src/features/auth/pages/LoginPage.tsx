import { type LoginBody, LoginBodySchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorDetail } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { LoginSlideshow } from '../components/LoginSlideshow.tsx';
import { PasswordInput } from '../components/PasswordInput.tsx';
import { readLoginState, type VerifyCodeState } from '../navigation-state.ts';

const LOGIN_FAILED = 'Invalid credentials. Please try again.';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { notice } = readLoginState(location.state);
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof LoginBodySchema>, unknown, LoginBody>({
    resolver: zodResolver(LoginBodySchema),
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
      // section 5) shows the server's detail instead, which says how long to wait.
      setError(
        err instanceof ApiError && err.status === 429 ? (errorDetail(err) ?? LOGIN_FAILED) : LOGIN_FAILED,
      );
    }
  }

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to your account to continue."
      aside={<LoginSlideshow />}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        <SuccessMessage>{notice}</SuccessMessage>
        <ErrorMessage>{error}</ErrorMessage>
        <Input
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="you@company.uz"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="••••••••"
          error={errors.password?.message}
          labelAside={
            <Link to={paths.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          }
          {...register('password')}
        />
        <Checkbox label="Remember me" {...register('remember')} />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {isSubmitting ? 'Logging in...' : 'Login'}
        </Button>
      </form>
    </AuthLayout>
  );
}
