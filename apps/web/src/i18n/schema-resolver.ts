import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { useLanguage } from './I18nProvider.tsx';

// The shared schemas' messages are written in Uzbek, as the server's are (@app/shared texts);
// a form shows them in the chosen language: `resolver: useTranslatedResolver(zodResolver(Schema))`.

function translateErrors(node: unknown, translate: (text: string) => string): void {
  if (!node || typeof node !== 'object') return;
  const error = node as { message?: unknown };
  if (typeof error.message === 'string') error.message = translate(error.message);
  for (const [key, value] of Object.entries(node)) {
    // ref is the input element the error belongs to, not a nested error.
    if (key !== 'ref' && key !== 'message') translateErrors(value, translate);
  }
}

/** The resolver, its errors' messages in the chosen language. */
export function useTranslatedResolver<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
): Resolver<T, C, O> {
  const { translateText } = useLanguage();
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    translateErrors(result.errors as FieldErrors<T>, translateText);
    return result;
  };
}
