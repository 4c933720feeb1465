import type { TelegramStatus } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  LINK_CODE_TTL_MS,
  LINK_POLL_MS,
  linkPollInterval,
  pendingLink,
  sameKinds,
  telegramStep,
  withKind,
} from './notification-settings.ts';

describe('withKind', () => {
  it('ticks a kind in the order the server uses, once', () => {
    expect(withKind(['DEBT_OVERDUE'], 'OFFER_PENDING', true)).toEqual(['OFFER_PENDING', 'DEBT_OVERDUE']);
    expect(withKind(['OFFER_PENDING'], 'OFFER_PENDING', true)).toEqual(['OFFER_PENDING']);
  });

  it('unticks a kind and leaves the others', () => {
    expect(withKind(['OFFER_PENDING', 'DEBT_OVERDUE'], 'OFFER_PENDING', false)).toEqual(['DEBT_OVERDUE']);
    expect(withKind([], 'DEBT_OVERDUE', false)).toEqual([]);
  });
});

describe('sameKinds', () => {
  it('compares the ticked kinds, not their order', () => {
    expect(sameKinds(['DEBT_OVERDUE', 'OFFER_PENDING'], ['OFFER_PENDING', 'DEBT_OVERDUE'])).toBe(true);
    expect(sameKinds([], [])).toBe(true);
    expect(sameKinds(['OFFER_PENDING'], [])).toBe(false);
    expect(sameKinds(['OFFER_PENDING'], ['DEBT_OVERDUE'])).toBe(false);
  });
});

const status = (over: Partial<TelegramStatus> = {}): TelegramStatus => ({
  enabled: true,
  linked: false,
  bot_username: 'demo_bot',
  ...over,
});

describe('telegramStep', () => {
  const now = 1_000_000;
  const link = pendingLink('https://t.me/demo_bot?start=abc', now);

  it('is off without a bot, whatever else', () => {
    expect(telegramStep(status({ enabled: false, bot_username: null }), link, now)).toBe('off');
  });

  it('is linked once the server says so, even with a link still pending', () => {
    expect(telegramStep(status({ linked: true }), link, now)).toBe('linked');
  });

  it('waits while the code is valid and asks for a new one after its 10 minutes', () => {
    expect(telegramStep(status(), null, now)).toBe('unlinked');
    expect(telegramStep(status(), link, now + LINK_CODE_TTL_MS - 1)).toBe('waiting');
    expect(telegramStep(status(), link, now + LINK_CODE_TTL_MS)).toBe('expired');
  });
});

describe('linkPollInterval', () => {
  const now = 1_000_000;
  const link = pendingLink('https://t.me/demo_bot?start=abc', now);

  it('polls only while waiting for the chat to be linked', () => {
    expect(linkPollInterval(status(), link, now + 1)).toBe(LINK_POLL_MS);
    expect(linkPollInterval(status({ linked: true }), link, now + 1)).toBe(false);
    expect(linkPollInterval(status(), null, now)).toBe(false);
    expect(linkPollInterval(status(), link, now + LINK_CODE_TTL_MS)).toBe(false);
  });

  it('does not poll before the status has loaded', () => {
    expect(linkPollInterval(undefined, link, now)).toBe(false);
  });
});
