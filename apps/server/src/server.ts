import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './cli/seed/index.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrate } from './db/migrate.ts';

// The only file that touches the process: config, database, listen, signals, workers.
const config = loadConfig();

async function prepare(): Promise<void> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pg'),
    poolSize: 2,
  });
  try {
    const ran = await migrate(handle.db);
    if (ran.length) console.log(`migrations applied: ${ran.join(', ')}`);
    if (config.demo) await seedDemoIfEmpty(handle.db, console.log);
  } finally {
    await handle.close();
  }
}

async function serve(): Promise<void> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pg'),
    poolSize: Number(process.env.DB_POOL_SIZE ?? 10),
  });
  const app = await buildApp({ config, db: handle.db });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

async function main(): Promise<void> {
  if (config.webConcurrency > 1 && config.databaseUrl) {
    // WEB_CONCURRENCY workers share one PostgreSQL; the embedded database belongs to one process.
    if (cluster.isPrimary) {
      await prepare();
      for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
      cluster.on('exit', (worker, code) => {
        if (code !== 0) console.error(`worker ${worker.process.pid} exited with ${code}`);
      });
      const stop = () => {
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      return;
    }
    await serve();
    return;
  }
  if (config.webConcurrency > 1)
    console.warn('WEB_CONCURRENCY is ignored without DATABASE_URL (PGlite belongs to one process)');
  await prepare();
  await serve();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
