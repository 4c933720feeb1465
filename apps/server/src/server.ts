import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './cli/seed/index.ts';
import { loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase, openReplica } from './db/connection.ts';
import { migrateAndGrant, serverRoleFor } from './db/privileges.ts';
import { createRestartBackoff } from './lib/restart-backoff.ts';

// The only file that touches the process: config, database, listen, signals, workers.
const config = loadConfig();

function open(poolSize: number, databaseUrl = config.databaseUrl): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl,
    // Behind PgBouncer (DESIGN.md section 24) LISTEN goes to PostgreSQL itself.
    listenUrl: config.databaseDirectUrl,
    pgliteDir: path.join(config.dataDir, 'pg'),
    poolSize,
  });
}

// Migrations and the demo seed run as the owner role (DATABASE_OWNER_URL), which then grants the
// server's role what it may do; without the split the one role does everything (db/privileges.ts).
// Either way they connect to PostgreSQL itself (DATABASE_DIRECT_URL when DATABASE_URL is
// PgBouncer): the migrations hold a session advisory lock, which a transaction pooler drops.
async function prepare(handle: DatabaseHandle): Promise<void> {
  const serverRole = serverRoleFor(config.databaseUrl, config.databaseOwnerUrl, console.warn);
  const ownerUrl = serverRole ? config.databaseOwnerUrl : config.databaseDirectUrl;
  const owner = ownerUrl ? await open(2, ownerUrl) : handle;
  try {
    const ran = await migrateAndGrant(owner.db, serverRole);
    if (ran.length) console.log(`migrations applied: ${ran.join(', ')}`);
    if (config.demo) await seedDemoIfEmpty(owner.db, console.log);
  } finally {
    if (owner !== handle) await owner.close();
  }
}

async function serve(handle: DatabaseHandle): Promise<void> {
  // DESIGN.md section 24: the reports and History read from a streaming replica when one is named.
  const replica = config.databaseReplicaUrl
    ? await openReplica(config.databaseReplicaUrl, config.dbPoolSize, config.replicaTimeoutMs)
    : null;
  const app = await buildApp({
    config,
    db: handle.db,
    engine: handle.kind,
    schedules: true,
    listen: handle.listen,
    ...(replica ? { replica: replica.db } : {}),
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await replica?.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

/**
 * Forks the workers and replaces one that dies unexpectedly (a crash, a kill, out of memory),
 * after a growing pause (lib/restart-backoff.ts); a worker that exits cleanly, or any worker
 * once the primary is shutting down, is not replaced.
 */
function superviseWorkers(count: number): void {
  const startedAt = new Map<number, number>();
  const backoff = createRestartBackoff();
  const pending = new Set<NodeJS.Timeout>();
  let stopping = false;
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping || (code === 0 && !signal)) return;
    const delay = backoff(lived);
    console.error(
      `worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}) after ${lived} ms; a new one starts in ${delay} ms`,
    );
    const timer = setTimeout(() => {
      pending.delete(timer);
      fork();
    }, delay);
    pending.add(timer);
  });
  const stop = () => {
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function main(): Promise<void> {
  if (config.webConcurrency > 1 && config.databaseUrl) {
    // WEB_CONCURRENCY workers share one PostgreSQL; the primary migrates (and seeds) first.
    if (cluster.isPrimary) {
      const handle = await open(2);
      await prepare(handle).finally(() => handle.close());
      superviseWorkers(config.webConcurrency);
      return;
    }
    await serve(await open(config.dbPoolSize));
    return;
  }
  if (process.env.DATABASE_REPLICA_URL && !config.databaseUrl)
    console.warn('DATABASE_REPLICA_URL is ignored without DATABASE_URL (PGlite has no replica)');
  if (config.webConcurrency > 1)
    console.warn('WEB_CONCURRENCY is ignored without DATABASE_URL (PGlite belongs to one process)');
  // One process: one database handle for migrations, seed and serving (PGlite opens slowly).
  const handle = await open(config.dbPoolSize);
  await prepare(handle);
  await serve(handle);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
