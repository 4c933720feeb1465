import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@app/shared';
import { useEffect, useId } from 'react';
import { useUpdateMe } from '../features/profile/api/update-me.ts';
import { useLanguage } from '../i18n/I18nProvider.tsx';
import { useT } from '../i18n/useT.ts';
import { useCurrentUser } from '../lib/auth.ts';
import { cn } from '../lib/cn.ts';

/**
 * The language switcher (DESIGN.md section 14), on the login page and in the user menu: each
 * language by its own name. A signed-in user's choice is saved with their profile (PATCH
 * auth/me/), so it follows them to another browser; before sign-in it is remembered here. In app/,
 * since it saves through the profile feature; the login page is handed it (router.tsx).
 */
export function LanguageSwitcher({
  className,
  tone = 'light',
}: {
  className?: string;
  tone?: 'light' | 'dark';
}) {
  const t = useT();
  const id = useId();
  const { language, setLanguage } = useLanguage();
  const { data: user } = useCurrentUser();
  const save = useUpdateMe();

  function choose(next: Language) {
    setLanguage(next);
    if (user && user.language !== next) save.mutate({ language: next });
  }

  return (
    <div className={cn('flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className={tone === 'dark' ? 'text-slate-300' : 'text-slate-600'}>
        {t('common.language.label')}
      </label>
      <select
        id={id}
        data-testid="language-switcher"
        value={language}
        onChange={(event) => isLanguage(event.target.value) && choose(event.target.value)}
        className={cn(
          'rounded-md border px-2 py-1 text-sm',
          tone === 'dark'
            ? 'border-slate-600 bg-slate-800 text-white'
            : 'border-slate-300 bg-white text-slate-900',
        )}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Shows the interface in the language a signed-in user chose, wherever they chose it. */
export function useUserLanguage(): void {
  const { data: user } = useCurrentUser();
  const { language, setLanguage } = useLanguage();
  const chosen = user?.language ?? null;
  // Only when the saved choice changes (sign-in, a choice saved elsewhere): a switch made here
  // shows at once, before its PATCH answers with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: language is read, not watched
  useEffect(() => {
    if (chosen !== null && chosen !== language) setLanguage(chosen);
  }, [chosen, setLanguage]);
}
