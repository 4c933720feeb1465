import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Input, type InputProps } from '../../../components/ui/Input.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';

/** The e-mail field of the sign-in and code pages (spec.md section 2); autocomplete "email" unless given. */
export function EmailInput(props: Omit<InputProps, 'label' | 'type' | 'inputMode' | 'placeholder'>) {
  const t = useT();
  return (
    <Input
      label={t('auth.field.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t('auth.field.emailPlaceholder')}
      {...props}
    />
  );
}

/** A full-width submit button over the "Back to login" link, the foot of the password forms. */
export function SubmitAndBackToLogin({ loading, children }: { loading: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <>
      <Button type="submit" size="lg" className="w-full" loading={loading}>
        {children}
      </Button>
      <Link
        to={paths.login}
        className="flex items-center justify-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('auth.backToLogin')}
      </Link>
    </>
  );
}
