import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLanguage } from '../../i18n/I18nProvider.tsx';
import { apiUrl, refreshAccessToken, tokenStore } from '../../lib/api-client.ts';
import { openEventStream } from '../../lib/event-stream.ts';
import { useAccessToken } from '../../lib/session.ts';
import { ALL_LIVE_KEYS, applyLiveEvent, parseLiveEvent } from './live-events.ts';

/**
 * Live updates (DESIGN.md section 13): while someone is signed in, this tab keeps one event stream
 * open and turns each event into cache updates, so lists, badges and balances change without a
 * reload. A token refresh keeps the stream; signing out closes it.
 */
export function LiveUpdates() {
  const signedIn = useAccessToken() !== null;
  const client = useQueryClient();
  // A new language opens a new stream: the notifications it brings are written in the language.
  const { language } = useLanguage();

  useEffect(() => {
    if (!signedIn) return;
    const stream = openEventStream({
      url: apiUrl('events/'),
      headers: { 'Accept-Language': language },
      getToken: tokenStore.get,
      refreshToken: refreshAccessToken,
      onEvent: (raw) => {
        const event = parseLiveEvent(raw);
        if (event) applyLiveEvent(client, event);
      },
      onOpen: ({ reconnect, resumed }) => {
        if (!reconnect || resumed) return;
        for (const queryKey of ALL_LIVE_KEYS) void client.invalidateQueries({ queryKey });
      },
    });
    // Back online: reconnect now rather than at the end of the current wait.
    const wake = () => stream.wake();
    window.addEventListener('online', wake);
    return () => {
      window.removeEventListener('online', wake);
      stream.close();
    };
  }, [signedIn, client, language]);

  return null;
}
