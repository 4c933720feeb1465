import type { ReactNode } from 'react';
import { LogoMark } from '../../../components/ui/LogoMark.tsx';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';

export interface AuthLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** The right-hand panel on large screens (the login slideshow). Without it the card is centred. */
  aside?: ReactNode;
}

function Mark() {
  const t = useT();
  return (
    <div className="mb-8 flex items-center gap-2.5">
      <LogoMark className="h-9 w-9" />
      <span className="text-base font-semibold tracking-tight text-slate-900">{t('auth.layout.brand')}</span>
    </div>
  );
}

/** The frame of the public pages: the product mark, a heading, the form. */
export function AuthLayout({ title, description, children, aside }: AuthLayoutProps) {
  const form = (
    <div className="w-full max-w-sm">
      <Mark />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {description ? <p className="mt-2 text-sm text-slate-500">{description}</p> : null}
      <div className="mt-8">{children}</div>
    </div>
  );

  if (!aside) {
    return (
      <main className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-10 sm:items-center">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-10 sm:py-10">
          {form}
        </div>
      </main>
    );
  }

  return (
    <main className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <div className={cn('flex justify-center px-6 py-10 sm:px-10 lg:items-center lg:py-12')}>{form}</div>
      {aside}
    </main>
  );
}
