import { WhoAmISchema } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { parseWhoAmI } from './auth-schema.ts';

// The hand-written who-am-I check (DESIGN.md section 23) must take and refuse what the shared
// schema takes and refuses: the shell and the offline counter trust its answer as the schema's.
const user = {
  id: 7,
  email: 'bozorchi@demo.uz',
  role: 'Bozorchi',
  profile: { first_name: 'Ali', last_name: 'Valiyev' },
  email_notifications: ['DEBT_OVERDUE'],
  language: 'ru',
  can_sell: true,
  can_buy: false,
  can_produce: false,
  keeps_shifts: true,
  weight_barcodes: 'weight',
};

const agrees = (value: unknown) => {
  const schema = WhoAmISchema.safeParse(value);
  if (schema.success) expect(parseWhoAmI(value)).toEqual(schema.data);
  else expect(() => parseWhoAmI(value)).toThrow();
  return schema.success;
};

describe('parseWhoAmI', () => {
  it('takes a whole answer and leaves out the fields it does not know, as the schema does', () => {
    expect(agrees(user)).toBe(true);
    expect(agrees({ ...user, language: null, email_notifications: [], extra: 1 })).toBe(true);
    expect(parseWhoAmI({ ...user, extra: 1 })).not.toHaveProperty('extra');
    expect(agrees({ ...user, profile: { ...user.profile, middle: 'x' } })).toBe(true);
  });

  it.each([
    ['a missing field', { ...user, can_sell: undefined }],
    ['an unknown role', { ...user, role: 'Sotuvchi' }],
    ['an unknown language', { ...user, language: 'de' }],
    ['an unknown e-mail kind', { ...user, email_notifications: ['LOW_STOCK'] }],
    ['a string id', { ...user, id: '7' }],
    ['no profile', { ...user, profile: null }],
    ['a profile without a name', { ...user, profile: { first_name: 'Ali' } }],
    ['a flag as a string', { ...user, keeps_shifts: 'true' }],
    ['an unknown scales mode', { ...user, weight_barcodes: 'grams' }],
    ['no scales mode (an answer of an older server)', { ...user, weight_barcodes: undefined }],
    ['not an object', [user]],
    ['nothing', null],
  ])('refuses %s, as the schema does', (_, value) => {
    expect(agrees(value)).toBe(false);
  });
});
