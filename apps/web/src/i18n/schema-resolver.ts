import { decodeMessage, type Message } from '@app/shared';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { useLanguage } from './I18nProvider.tsx';

// The shared schemas' messages are keys with values (DESIGN.md section 15), as the server's are;
// a form shows them rendered in the chosen language: `resolver: useTranslatedResolver(zodResolver(Schema))`.
// A message that is no key of ours (a library's own words) is shown as it is.

async function renderErrors(node: unknown, render: (message: Message) => Promise<string>): Promise<void> {
  if (!node || typeof node !== 'object') return;
  const error = node as { message?: unknown };
  if (typeof error.message === 'string') {
    const decoded = decodeMessage(error.message);
    if ('key' in decoded) error.message = await render(decoded);
  }
  for (const [key, value] of Object.entries(node)) {
    // ref is the input element the error belongs to, not a nested error.
    if (key !== 'ref' && key !== 'message') await renderErrors(value, render);
  }
}

/** The resolver, its errors' messages in the chosen language. */
export function useTranslatedResolver<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
): Resolver<T, C, O> {
  const { renderMessageLater } = useLanguage();
  return async (values, context, options) => {
    // zod's default messages set before it checks (lib/zod-messages.ts); a chunk of its own, not
    // in the sign-in page's first load (DESIGN.md section 23).
    (await import('../lib/zod-messages.ts')).zodMessagesSet();
    const result = await resolver(values, context, options);
    await renderErrors(result.errors as FieldErrors<T>, renderMessageLater);
    return result;
  };
}
