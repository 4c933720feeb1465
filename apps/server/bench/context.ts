import type { Role } from '@app/shared';
import type { openDatabase } from '../src/db/connection.ts';
import type { TestUser } from '../test/factories.ts';

// What every bench section is given (run.ts makes it); apart from run.ts, which imports the
// sections, so that no section imports run.ts back.

export interface BenchContext {
  url: string;
  db: Awaited<ReturnType<typeof openDatabase>>['db'];
  /** The PostgreSQL the app uses, and its bin folder when the bench started the cluster (pgbench). */
  databaseUrl: string;
  pgBin: string | null;
  /** Another server on the same database, configured by the bench's environment plus `env`. */
  startServer(env: Record<string, string>): Promise<{ url: string; close(): Promise<void> }>;
  /** An access token for a user the bench wrote itself (no sign-in, no password hashing). */
  accessToken(user: { id: number; business_id: number; role: string }): Promise<string>;
  /** A new business with one user per role; returns its id, the users and their access tokens. */
  createBusinessWithUsers<R extends Role>(
    roles: readonly R[],
  ): Promise<{ businessId: number; users: Record<R, TestUser>; tokens: Record<R, string> }>;
}
