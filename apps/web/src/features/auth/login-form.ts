import { decodeMessage, type LoginBody, type Message } from '@app/shared';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useLanguage } from '../../i18n/I18nProvider.tsx';

// The sign-in form's state and check, without react-hook-form: the sign-in page's first load has
// no room for it (DESIGN.md section 23). It behaves as the app's other forms: checked by the shared
// LoginBodySchema at submit (the schema and zod loaded at the first check,
// features/auth/auth-schemas.ts), then again at every change, the first invalid field focused, the
// messages in the page's language (DESIGN.md section 15).

export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}
type TextField = 'email' | 'password';
type LoginErrors = Partial<Record<TextField, string>>;
type Checked = { body: LoginBody } | { errors: LoginErrors };

async function check(values: LoginValues, render: (message: Message) => Promise<string>): Promise<Checked> {
  const [{ LoginBodySchema }, { zodMessagesSet }] = await Promise.all([
    import('./auth-schemas.ts'),
    import('../../lib/zod-messages.ts'),
  ]);
  zodMessagesSet();
  const parsed = LoginBodySchema.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field !== 'email' && field !== 'password') || errors[field] !== undefined) continue;
    const decoded = decodeMessage(issue.message);
    errors[field] = 'key' in decoded ? await render(decoded) : decoded.text;
  }
  return { errors };
}

export function useLoginForm(onValid: (body: LoginBody) => Promise<void>) {
  const { renderMessageLater } = useLanguage();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: false });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const latest = useRef(0);
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const inputs = { email, password };

  /** Checks `next`; only the last check's answer is shown. */
  async function recheck(next: LoginValues): Promise<Checked | null> {
    const turn = ++latest.current;
    const result = await check(next, renderMessageLater);
    if (turn !== latest.current) return null;
    setErrors('errors' in result ? result.errors : {});
    return result;
  }

  function change(next: LoginValues) {
    setValues(next);
    if (submitted.current) void recheck(next);
  }

  function field(name: TextField) {
    return {
      name,
      ref: inputs[name],
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => change({ ...values, [name]: event.target.value }),
    };
  }

  const remember = {
    name: 'remember',
    checked: values.remember,
    onChange: (event: ChangeEvent<HTMLInputElement>) => change({ ...values, remember: event.target.checked }),
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    submitted.current = true;
    setSubmitting(true);
    try {
      const result = await recheck(values);
      if (!result) return;
      if ('errors' in result) {
        const first = (['email', 'password'] as const).find((name) => result.errors[name] !== undefined);
        if (first) inputs[first].current?.focus();
        return;
      }
      await onValid(result.body);
    } finally {
      setSubmitting(false);
    }
  }

  return { field, remember, onSubmit, submitting };
}
