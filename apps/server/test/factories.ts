import { randomBytes } from 'node:crypto';
import type { Role } from '@app/shared';
import type { Database } from '../src/db/connection.ts';
import { hashPassword } from '../src/lib/auth/passwords.ts';
import { inTransaction } from '../src/lib/transaction.ts';
import { openBusiness } from '../src/modules/admin/business.service.ts';
import { ApiClient } from './client.ts';

// Factories shared by every module's API tests (STYLE.md "Tests").

let passwordHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct horse battery';

export async function createBusiness(db: Database, name = `Biznes ${randomBytes(3).toString('hex')}`) {
  return inTransaction(db, (trx) => openBusiness(trx, name));
}

export interface TestUser {
  id: number;
  email: string;
  role: Role;
  businessId: number;
  password: string;
}

export async function createUser(
  db: Database,
  options: { businessId: number; role: Role; email?: string; login_otp?: boolean; first_name?: string },
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email =
    options.email ??
    `${options.role.toLowerCase().replace(/\W/g, '')}-${randomBytes(4).toString('hex')}@test.uz`;
  const row = await db
    .insertInto('users')
    .values({
      business_id: options.businessId,
      email,
      role: options.role,
      password_hash: await passwordHash,
      first_name: options.first_name ?? options.role,
      last_name: 'Test',
      code: `D-${randomBytes(2).toString('hex')}`,
      login_otp: options.login_otp ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, role: options.role, businessId: options.businessId, password: TEST_PASSWORD };
}

/** Signs in through the real login endpoint and returns a client carrying the access token. */
export async function signIn(baseUrl: string, user: { email: string; password: string }): Promise<ApiClient> {
  const res = await new ApiClient(baseUrl).post('auth/login/', {
    email: user.email,
    password: user.password,
  });
  if (res.status !== 200 || !res.body.access)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return new ApiClient(baseUrl, res.body.access);
}

/** A business with one user of each given role, all signed in. */
export async function createSignedInUsers<R extends Role>(
  db: Database,
  baseUrl: string,
  roles: readonly R[],
): Promise<{ businessId: number; users: Record<R, TestUser>; as: Record<R, ApiClient> }> {
  const business = await createBusiness(db);
  const users = {} as Record<R, TestUser>;
  const as = {} as Record<R, ApiClient>;
  for (const role of roles) {
    users[role] = await createUser(db, { businessId: business.id, role });
    as[role] = await signIn(baseUrl, users[role]);
  }
  return { businessId: business.id, users, as };
}

/** The audit rows about one entity (`offer`, `stock_exit`, `user`, …), oldest first. */
export function auditOf(db: Database, entity: string, entityId: number | string) {
  return db
    .selectFrom('audit_log')
    .select(['action', 'summary'])
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}
