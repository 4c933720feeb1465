import { sql } from 'kysely';
import type { Database } from './connection.ts';
import { migrate } from './migrate.ts';

// Least privilege on PostgreSQL (DESIGN.md sections 3 and 5): an owner role owns the schema and
// runs the migrations; the server connects as a role that owns nothing, so it can neither TRUNCATE
// nor ALTER TABLE ... DISABLE TRIGGER, and may only read and append to the ledgers. The grants are
// applied here, after every migration run, so a table a new migration adds gets them too.

/** The append-only tables (the ledgers, the audit log, the rate history): the server role may only SELECT and INSERT on them. */
export const LEDGERS = ['money_transactions', 'stock_moves', 'audit_log', 'currency_rates'] as const;

/** Bookkeeping of the migration runner, which only the owner touches. */
const OWNER_ONLY = ['schema_migrations', 'schema_functions'] as const;

/** The role a PostgreSQL URL signs in as (the operating system user when it names none). */
export function roleOf(url: string): string {
  return decodeURIComponent(new URL(url).username) || process.env.PGUSER || process.env.USER || '';
}

/**
 * The server's role when migrations run as another one (DATABASE_OWNER_URL), or null when one
 * role migrates and serves, as before the split: then `warn` recommends it.
 */
export function serverRoleFor(
  databaseUrl: string | undefined,
  ownerUrl: string | undefined,
  warn: (line: string) => void,
): string | null {
  if (!databaseUrl) return null;
  if (ownerUrl && roleOf(ownerUrl) !== roleOf(databaseUrl)) return roleOf(databaseUrl);
  warn(
    'DATABASE_URL owns the tables and serves: set DATABASE_OWNER_URL to an owner role for migrations and DATABASE_URL to a role without ownership (npm run admin -- setup-roles), so the server cannot truncate a ledger or disable its triggers',
  );
  return null;
}

/**
 * Grants `serverRole` what the app needs on every table, sequence and function of the schema,
 * and on the ledgers only SELECT and INSERT. Revoked first, so the result does not depend on
 * earlier grants; one transaction, so the server never sees a half-applied set.
 */
export async function grantServerRole(db: Database, serverRole: string): Promise<void> {
  const role = sql.id(serverRole);
  const tables = (list: readonly string[]) => sql.join(list.map((name) => sql.id(name)));
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(trx);
    await sql`GRANT CONNECT ON DATABASE ${sql.id(rows[0]!.name)} TO ${role}`.execute(trx);
    await sql`GRANT USAGE ON SCHEMA public TO ${role}`.execute(trx);
    await sql`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role}`.execute(trx);
    await sql`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${role}`.execute(trx);
    await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`.execute(trx);
    await sql`REVOKE UPDATE, DELETE ON ${tables(LEDGERS)} FROM ${role}`.execute(trx);
    await sql`REVOKE ALL ON ${tables(OWNER_ONLY)} FROM ${role}`.execute(trx);
    await sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`.execute(trx);
    await sql`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${role}`.execute(trx);
  });
}

/** Migrations as the owner, then the server role's grants when the roles are split. */
export async function migrateAndGrant(ownerDb: Database, serverRole: string | null): Promise<string[]> {
  const ran = await migrate(ownerDb);
  if (serverRole) await grantServerRole(ownerDb, serverRole);
  return ran;
}

export interface RoleSetup {
  owner: string;
  server: string;
  ownerPassword?: string | undefined;
  serverPassword?: string | undefined;
}

/**
 * Run once by a superuser connected to the target database: creates (or updates the passwords
 * of) the two login roles, hands the database, its schema and whatever the schema already holds
 * to the owner, then migrates as the owner and grants the server role.
 */
export async function setupRoles(superDb: Database, roles: RoleSetup): Promise<string[]> {
  if (roles.owner === roles.server) throw new Error('the owner and the server role must differ');
  await ensureLoginRole(superDb, roles.owner, roles.ownerPassword);
  await ensureLoginRole(superDb, roles.server, roles.serverPassword);
  const owner = sql.id(roles.owner);
  // The whole setup on one session: SET ROLE makes the migrations' new objects the owner's.
  return superDb.connection().execute(async (conn) => {
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(conn);
    await sql`ALTER DATABASE ${sql.id(rows[0]!.name)} OWNER TO ${owner}`.execute(conn);
    await sql`ALTER SCHEMA public OWNER TO ${owner}`.execute(conn);
    // Not every role may create objects in the schema (PostgreSQL before 15 lets PUBLIC).
    await sql`REVOKE CREATE ON SCHEMA public FROM PUBLIC`.execute(conn);
    await reassignSchema(conn, roles.owner);
    await sql`SET ROLE ${owner}`.execute(conn);
    try {
      return await migrateAndGrant(conn, roles.server);
    } finally {
      await sql`RESET ROLE`.execute(conn);
    }
  });
}

async function ensureLoginRole(db: Database, name: string, password: string | undefined): Promise<void> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = ${name}`.execute(db);
  const verb = rows[0]?.n ? sql`ALTER ROLE` : sql`CREATE ROLE`;
  // Neither role may bypass what this file grants: no superuser, no role creation, no RLS bypass.
  await sql`${verb} ${sql.id(name)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`.execute(
    db,
  );
  // A password cannot be a bind parameter in DDL: quoted as a literal instead.
  if (password) await sql`ALTER ROLE ${sql.id(name)} PASSWORD ${sql.lit(password)}`.execute(db);
}

/** Existing tables, sequences, views and functions of the schema (a database migrated by one role). */
async function reassignSchema(db: Database, owner: string): Promise<void> {
  const { rows } = await sql<{ statement: string }>`
    SELECT format('ALTER %s %s OWNER TO %I',
             CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW'
                            WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END,
             c.oid::regclass, ${owner}::text) AS statement
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
      AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = ${owner}::text)
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i', 'e'))
    UNION ALL
    SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, ${owner}::text)
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace
      AND p.proowner <> (SELECT oid FROM pg_roles WHERE rolname = ${owner}::text)
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`.execute(db);
  for (const { statement } of rows) await sql.raw(statement).execute(db);
}
