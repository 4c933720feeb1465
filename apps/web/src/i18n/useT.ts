import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageKey } from './catalogue.ts';

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The catalogue's text for a key in the chosen language, with its ICU arguments filled in. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback((key, values) => intl.formatMessage({ id: key }, values), [intl]);
}
