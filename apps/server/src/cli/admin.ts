import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateAndGrant, serverRoleFor, setupRoles } from '../db/privileges.ts';
import { AppError } from '../lib/errors.ts';
import * as admin from './admin.commands.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';

// `npm run admin -- <command> [options]`: the production bootstrap of DESIGN.md section 2. It
// opens the database as server.ts migrates it (DATABASE_OWNER_URL, else DATABASE_URL, else
// DATA_DIR/pg) and migrates first.

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-business --name <name> [--first-owner <email> --first-owner-password <password>]
                  (with the owner: the business and its first Owner, who sets up the rest in the web)
  create-user     --business <id> --email <email> --role <role> --password <password>
                  [--first-name <text>] [--last-name <text>] [--code <department code>]
  reset-password  --email <email> --password <password>
  login-codes     on|off --email <email>
  set-rate        --business <id> --currency <code> --rate <UZS per unit>   (the business's rate)
  adjust-balance  --email <email> --currency <code> --amount <signed amount> --reason <8-500 chars>
  backup          <file>
  restore         <file> [--force]   into an empty database; --force replaces a non-empty one
  setup-roles     --owner <role> --server <role> [--owner-password <p>] [--server-password <p>]
                  (once, with DATABASE_URL a superuser on the target database: creates the
                  owner and server roles, hands the schema to the owner, migrates, grants)

Roles: Kassir, admin, manager, Owner, Omborchi, Bozorchi, Ta'minotchi.
The database: DATABASE_OWNER_URL, else DATABASE_URL, else the embedded one in DATA_DIR/pg
(default ./data).`;

const OPTIONS = {
  name: { type: 'string' },
  'first-owner': { type: 'string' },
  'first-owner-password': { type: 'string' },
  business: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  code: { type: 'string' },
  currency: { type: 'string' },
  rate: { type: 'string' },
  amount: { type: 'string' },
  reason: { type: 'string' },
  force: { type: 'boolean' },
  owner: { type: 'string' },
  server: { type: 'string' },
  'owner-password': { type: 'string' },
  'server-password': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function need(values: Values, key: keyof typeof OPTIONS): string {
  const value = values[key];
  if (typeof value !== 'string' || value === '') throw new admin.CliError(`missing --${key}`);
  return value;
}

function businessIdOf(values: Values): number {
  const business = need(values, 'business');
  if (!/^\d{1,9}$/.test(business)) throw new admin.CliError('--business takes a business id (a number)');
  return Number(business);
}

/** Runs one command and returns the line to print. */
async function runCommand(
  db: Parameters<typeof admin.createBusiness>[0],
  command: string,
  positionals: string[],
  values: Values,
): Promise<string> {
  switch (command) {
    case 'create-business': {
      const ownerEmail = values['first-owner'];
      const owner = ownerEmail
        ? { email: ownerEmail, password: need(values, 'first-owner-password') }
        : undefined;
      const b = await admin.createBusiness(db, need(values, 'name'), owner);
      return `business ${b.id} created: ${b.name}${b.owner ? `; its Owner ${b.owner.email} (user ${b.owner.id}) may sign in` : ''}`;
    }
    case 'create-user': {
      const u = await admin.createUser(db, {
        businessId: businessIdOf(values),
        email: need(values, 'email'),
        role: need(values, 'role'),
        password: need(values, 'password'),
        firstName: values['first-name'],
        lastName: values['last-name'],
        code: values.code,
      });
      return `user ${u.id} created: ${u.email} (${u.role})`;
    }
    case 'reset-password': {
      const u = await admin.resetPassword(db, need(values, 'email'), need(values, 'password'));
      return `password of ${u.email} reset; every session of the user is signed out`;
    }
    case 'login-codes': {
      const mode = positionals[0];
      if (mode !== 'on' && mode !== 'off') throw new admin.CliError('login-codes takes on or off');
      const u = await admin.setLoginCodes(db, need(values, 'email'), mode === 'on');
      return `login codes ${mode} for ${u.email}`;
    }
    case 'set-rate': {
      const c = await admin.setRate(db, businessIdOf(values), need(values, 'currency'), need(values, 'rate'));
      return `1 ${c.code} = ${c.rate_to_uzs} UZS`;
    }
    case 'adjust-balance': {
      const r = await admin.adjustBalance(db, {
        email: need(values, 'email'),
        currency: need(values, 'currency'),
        amount: need(values, 'amount'),
        reason: need(values, 'reason'),
      });
      return `ledger row ${r.id} written; balance now ${r.onHand} ${r.code}`;
    }
    default:
      throw new admin.CliError(`unknown command ${command}`);
  }
}

/**
 * Backup and restore take the database as it is: no migrations first (a restore needs an empty
 * database, and a backup should hold exactly what is there).
 */
async function runBackupCommand(
  config: Config,
  command: 'backup' | 'restore',
  positionals: string[],
  values: Values,
): Promise<number> {
  const pgliteDir = path.join(config.dataDir, 'pg');
  // A restore creates the schema's objects: as the owner role when the roles are split.
  const databaseUrl = config.databaseOwnerUrl ?? config.databaseUrl;
  try {
    const file = positionals[0];
    if (!file) throw new admin.CliError(`${command} takes a file name`);
    if (command === 'restore') {
      const target = databaseUrl ? { databaseUrl } : { pgliteDir };
      console.log(await restoreDatabase(target, file, values.force === true));
      return 0;
    }
    if (databaseUrl) {
      console.log(await backupDatabase({ databaseUrl }, file));
      return 0;
    }
    if (!existsSync(pgliteDir)) throw new admin.CliError(`no embedded database in ${pgliteDir}`);
    const handle = await openDatabase({ pgliteDir });
    try {
      console.log(await backupDatabase({ dumpDataDir: handle.dumpDataDir! }, file));
    } finally {
      await handle.close();
    }
    return 0;
  } catch (err) {
    if (!(err instanceof admin.CliError)) throw err;
    console.error(`error: ${err.message}`);
    return 1;
  }
}

async function setupRolesCommand(db: Parameters<typeof setupRoles>[0], values: Values): Promise<string> {
  const roles = {
    owner: need(values, 'owner'),
    server: need(values, 'server'),
    ownerPassword: values['owner-password'],
    serverPassword: values['server-password'],
  };
  if (roles.owner === roles.server) throw new admin.CliError('--owner and --server must be different roles');
  const ran = await setupRoles(db, roles);
  return [
    `roles ready: ${roles.owner} owns the schema${ran.length ? ` (migrations applied: ${ran.join(', ')})` : ''}; ${roles.server} may read and append to the ledgers only`,
    `now run with DATABASE_OWNER_URL signing in as ${roles.owner} and DATABASE_URL as ${roles.server}`,
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, ...positionals] = parsed.positionals;
  if (!command || command === 'help' || parsed.values.help) {
    console.log(USAGE);
    return command || parsed.values.help ? 0 : 2;
  }
  const config = loadConfig();
  if (command === 'backup' || command === 'restore')
    return runBackupCommand(config, command, positionals, parsed.values);
  const setup = command === 'setup-roles';
  if (setup && !config.databaseUrl) {
    console.error('error: setup-roles needs DATABASE_URL (PostgreSQL); the embedded database has one user');
    return 1;
  }
  const handle = await openDatabase({
    databaseUrl: setup ? config.databaseUrl : (config.databaseOwnerUrl ?? config.databaseUrl),
    pgliteDir: path.join(config.dataDir, 'pg'),
    poolSize: 2,
  });
  try {
    if (setup) {
      console.log(await setupRolesCommand(handle.db, parsed.values));
      return 0;
    }
    await migrateAndGrant(
      handle.db,
      serverRoleFor(config.databaseUrl, config.databaseOwnerUrl, (line) => console.warn(`warning: ${line}`)),
    );
    console.log(await runCommand(handle.db, command, positionals, parsed.values));
    return 0;
  } catch (err) {
    if (err instanceof admin.CliError || err instanceof AppError) {
      console.error(
        `error: ${err.message}${err instanceof admin.CliError && err.message.startsWith('unknown command') ? `\n\n${USAGE}` : ''}`,
      );
      return 1;
    }
    throw err;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
