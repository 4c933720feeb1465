import type { Role } from '@app/shared';
import { DAY_MS } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { hashPassword } from '../../lib/auth/passwords.ts';
import { openBusiness } from '../../modules/admin/business.service.ts';

/** How far back the demo's history goes (its rates: rates.ts). */
export const RATE_HISTORY_DAYS = 120;

/** When the demo business opened: its first rates are dated then (seedCore). */
export function demoOpenedAt(now = Date.now()): Date {
  return new Date(now - RATE_HISTORY_DAYS * DAY_MS);
}

export const DEMO_PASSWORD = 'demo12345';

/** The demo users of DESIGN.md section 2, in this order. */
export const DEMO_USERS: ReadonlyArray<{
  email: string;
  role: Role;
  first_name: string;
  last_name: string;
  code: string;
  login_otp?: boolean;
}> = [
  { email: 'kassir@demo.uz', role: 'Kassir', first_name: 'Dilnoza', last_name: 'Karimova', code: 'KAS-01' },
  { email: 'admin@demo.uz', role: 'admin', first_name: 'Jasur', last_name: 'Toshmatov', code: 'ADM-01' },
  { email: 'manager@demo.uz', role: 'manager', first_name: 'Malika', last_name: 'Yusupova', code: 'MNG-01' },
  { email: 'owner@demo.uz', role: 'Owner', first_name: 'Bahodir', last_name: 'Rahimov', code: 'OWN-01' },
  { email: 'omborchi@demo.uz', role: 'Omborchi', first_name: 'Sardor', last_name: 'Aliyev', code: 'OMB-01' },
  {
    email: 'bozorchi@demo.uz',
    role: 'Bozorchi',
    first_name: 'Nodira',
    last_name: 'Qodirova',
    code: 'BOZ-01',
  },
  {
    email: 'taminotchi@demo.uz',
    role: "Ta'minotchi",
    first_name: 'Otabek',
    last_name: 'Nazarov',
    code: 'TAM-01',
  },
  {
    email: 'otp@demo.uz',
    role: 'manager',
    first_name: 'Aziz',
    last_name: 'Ergashev',
    code: 'MNG-02',
    login_otp: true,
  },
];

export interface DemoCore {
  businessId: number;
  /** user id by e-mail */
  users: Record<string, number>;
}

export async function seedCore(db: Database): Promise<DemoCore> {
  const business = await openBusiness(db, 'Demo Savdo MChJ', demoOpenedAt());
  // One hash per user, each with its own salt (one shared hash would tell that the passwords are
  // equal); made in parallel on libuv's threads so the seed stays fast.
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  const users: Record<string, number> = {};
  for (const [i, u] of DEMO_USERS.entries()) {
    const row = await db
      .insertInto('users')
      .values({
        ...u,
        business_id: business.id,
        password_hash: passwordHashes[i] as string,
        login_otp: u.login_otp ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users[u.email] = row.id;
  }
  return { businessId: business.id, users };
}
