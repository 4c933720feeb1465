// The who-am-I answer's check (the shared WhoAmISchema's fields, DESIGN.md section 6), written out
// by hand: every signed-in page waits for who-am-I before its shell draws, and with zod's schema
// the first paint waited for zod and the shared schemas too (DESIGN.md section 23).
// auth-schema.test.ts holds it to WhoAmISchema: the same answers pass, the same ones fail.
import {
  EMAIL_NOTIFICATION_KINDS,
  isRole,
  LANGUAGES,
  type Language,
  WEIGHT_BARCODE_MODES,
  type WhoAmI,
} from '@app/shared';

/** Not a who-am-I answer: thrown as the schema's check would throw, so the query fails the same. */
export class WhoAmIShapeError extends Error {
  constructor(field: string) {
    super(`Unexpected who-am-I answer: ${field}`);
    this.name = 'WhoAmIShapeError';
  }
}

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function field<T>(record: Fields, name: string, check: (value: unknown) => value is T): T {
  const value = record[name];
  if (!check(value)) throw new WhoAmIShapeError(name);
  return value;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isLanguage = (v: unknown): v is Language | null =>
  v === null || (LANGUAGES as readonly unknown[]).includes(v);
const isWeightMode = (v: unknown): v is WhoAmI['weight_barcodes'] =>
  (WEIGHT_BARCODE_MODES as readonly unknown[]).includes(v);
const isEmailKinds = (v: unknown): v is WhoAmI['email_notifications'] =>
  Array.isArray(v) && v.every((kind) => (EMAIL_NOTIFICATION_KINDS as readonly unknown[]).includes(kind));

/** The answer as a WhoAmI (unknown fields left out, as the schema does), or WhoAmIShapeError. */
export function parseWhoAmI(value: unknown): WhoAmI {
  if (!isRecord(value)) throw new WhoAmIShapeError('(not an object)');
  const profile = field(value, 'profile', isRecord);
  return {
    id: field(value, 'id', isNumber),
    email: field(value, 'email', isString),
    role: field(value, 'role', isRole),
    profile: {
      first_name: field(profile, 'first_name', isString),
      last_name: field(profile, 'last_name', isString),
    },
    email_notifications: [...field(value, 'email_notifications', isEmailKinds)],
    language: field(value, 'language', isLanguage),
    can_sell: field(value, 'can_sell', isBoolean),
    can_buy: field(value, 'can_buy', isBoolean),
    can_produce: field(value, 'can_produce', isBoolean),
    keeps_shifts: field(value, 'keeps_shifts', isBoolean),
    weight_barcodes: field(value, 'weight_barcodes', isWeightMode),
  };
}
