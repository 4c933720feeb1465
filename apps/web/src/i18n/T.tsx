import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageKey } from './catalogue.ts';

/**
 * A catalogue message with markup in it: ICU tags become elements (`<b>…</b>` with
 * `values={{ b: (chunks) => <strong>{chunks}</strong> }}`), arguments may be elements. Plain texts
 * take useT() instead.
 */
export function T({
  id,
  values,
}: {
  id: MessageKey;
  values?: Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;
}) {
  return <FormattedMessage id={id} values={values} />;
}
