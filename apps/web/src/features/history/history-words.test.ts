import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditRow, LANGUAGES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/messages/en/history.json';
import ru from '../../i18n/messages/ru/history.json';
import uz from '../../i18n/messages/uz/history.json';
import uzCyrl from '../../i18n/messages/uz-Cyrl/history.json';
import { ACTION_PHRASES, actionPhrase, ENTITY_NOUNS, objectPath } from './history-words.ts';

// DESIGN.md section 16: every action code the server can write (AUDIT_ACTIONS, the one list its
// audit writer takes) reads as a phrase in every language, and every object kind as a noun.

const CATALOGUES: Record<(typeof LANGUAGES)[number], Record<string, string>> = {
  uz,
  'uz-Cyrl': uzCyrl,
  ru,
  en,
};

describe('History in words', () => {
  it('has a phrase for every action code in every catalogue, each its own', () => {
    for (const language of LANGUAGES) {
      const phrases = AUDIT_ACTIONS.map((code) => CATALOGUES[language][ACTION_PHRASES[code]]);
      for (const [i, phrase] of phrases.entries()) {
        expect(phrase?.trim(), `${language} ${AUDIT_ACTIONS[i]}`).toBeTruthy();
        expect(phrase, `${language} ${AUDIT_ACTIONS[i]}`).not.toMatch(/^[a-z_.-]+$/);
      }
      // Two actions with one phrase would read as one on the page.
      expect(new Set(phrases).size, language).toBe(phrases.length);
    }
  });

  it('has a noun for every kind of object in every catalogue', () => {
    for (const language of LANGUAGES)
      for (const entity of AUDIT_ENTITIES)
        expect(CATALOGUES[language][ENTITY_NOUNS[entity]]?.trim(), `${language} ${entity}`).toBeTruthy();
  });

  it('shows a code it does not know as it came', () => {
    expect(actionPhrase('test.unknown')).toBeNull();
    expect(actionPhrase('offer.approve')).toBe('history.action.offerApprove');
  });

  const row = (over: Partial<AuditRow>): AuditRow => ({
    id: 1,
    actor: null,
    action: 'offer.approve',
    entity: 'offer',
    entity_id: '37',
    summary: '',
    ip: null,
    created_at: '2026-11-26T10:00:00Z',
    object_label: null,
    object_exists: true,
    object_parent_id: null,
    status_from: null,
    status_to: null,
    ...over,
  });

  it("links an object to its page: an offer, a debt's counterparty; the admin area only for admins", () => {
    expect(objectPath(row({}), false)).toBe('/offers/37');
    expect(objectPath(row({ object_exists: false }), false)).toBeNull();
    expect(objectPath(row({ entity: 'debt', entity_id: '5', object_parent_id: 9 }), false)).toBe(
      '/counterparties/9',
    );
    expect(objectPath(row({ entity: 'variant', object_parent_id: 3 }), false)).toBe('/catalog/products');
    expect(objectPath(row({ entity: 'return', entity_id: '12' }), false)).toBe('/returns/12');
    expect(objectPath(row({ entity: 'user' }), false)).toBeNull();
    expect(objectPath(row({ entity: 'user' }), true)).toBe('/admin/users');
  });
});
