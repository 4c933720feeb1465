// npm run bench [-- section ...]: seeds PostgreSQL and measures the API under load (docs/benchmarks.md).
// Uses DATABASE_URL when set, else a throwaway tuned cluster. Each section is a
// function of BenchContext; add yours to SECTIONS below.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres } from '../../../scripts/postgres.mjs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import { createTokenSigner } from '../src/lib/auth/tokens.ts';
import { createBusiness, createUser, signIn, type TestUser } from '../test/factories.ts';
import { benchCatalog } from './catalog.ts';
import type { BenchContext } from './context.ts';
import { benchEvents } from './events.ts';
import { benchImports } from './imports.ts';
import type { Measurement } from './measure.ts';
import { benchMoney } from './money.ts';
import { benchProduction } from './production.ts';
import { benchReports } from './reports.ts';
import { benchSales } from './sales.ts';
import { benchStock } from './stock.ts';
import { benchStockCounts } from './stock-counts.ts';
import { benchWeb } from './web.ts';

export interface BenchSection {
  name: string;
  run(ctx: BenchContext): Promise<Measurement[]>;
}

/** Every section, in the order they run; `npm run bench -- catalog` runs only the named ones. */
const SECTIONS: BenchSection[] = [
  { name: 'catalog', run: benchCatalog },
  { name: 'stock', run: benchStock },
  { name: 'money', run: benchMoney },
  { name: 'reports', run: benchReports },
  { name: 'sales', run: benchSales },
  { name: 'production', run: benchProduction },
  { name: 'stockcount', run: benchStockCounts },
  { name: 'events', run: benchEvents },
  { name: 'import', run: benchImports },
  { name: 'web', run: benchWeb },
];

/**
 * The web app of this checkout, built for the run into .tmp/bench-web, for the sections that
 * measure a page in Chromium (stock's Inventory page, web's first loads); WEB_DIST names another
 * build instead.
 */
function webBuild(): string {
  if (process.env.WEB_DIST) return process.env.WEB_DIST;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const out = path.join(root, '.tmp', 'bench-web');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', out, '--emptyOutDir'], {
    cwd: root,
    stdio: 'ignore',
  });
  if (build.status !== 0)
    throw new Error('the web app did not build: run npm run build -w apps/web to see why');
  return out;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !SECTIONS.some((s) => s.name === w));
  if (unknown.length > 0) {
    throw new Error(
      `unknown bench section(s): ${unknown.join(', ')}; known: ${SECTIONS.map((s) => s.name).join(', ')}`,
    );
  }
  const sections = wanted.length > 0 ? SECTIONS.filter((s) => wanted.includes(s.name)) : SECTIONS;
  const webDist = sections.some((s) => s.name === 'stock' || s.name === 'web') ? webBuild() : undefined;

  // BENCH_DURABLE=1: every commit waits for its WAL flush, as on a production server.
  const durable = process.env.BENCH_DURABLE === '1';
  const cluster = process.env.DATABASE_URL ? null : await startThrowawayPostgres({ tuned: true, durable });
  const databaseUrl = process.env.DATABASE_URL ?? cluster?.url ?? '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-bench-'));
  const jwtSecret = randomBytes(32).toString('hex');
  // The server as configured by default (DB_POOL_SIZE and all), unless the environment says otherwise.
  const configWith = (env: Record<string, string> = {}) =>
    loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'silent',
      DEMO: '0',
      ...(webDist ? { WEB_DIST: webDist } : {}),
      ...env,
    });
  const config = configWith();
  const handle = await openDatabase({ databaseUrl, poolSize: config.dbPoolSize });
  try {
    await migrate(handle.db);
    const app = await buildApp({ config, db: handle.db, logger: false, listen: handle.listen });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const signer = createTokenSigner(jwtSecret, new Map());
    const ctx: BenchContext = {
      url,
      db: handle.db,
      databaseUrl,
      pgBin: cluster?.bin ?? null,
      async startServer(env) {
        const other = await buildApp({
          config: configWith(env),
          db: handle.db,
          logger: false,
          listen: handle.listen,
        });
        await other.listen({ port: 0, host: '127.0.0.1' });
        const a = other.server.address();
        return {
          url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`,
          close: () => other.close(),
        };
      },
      accessToken: (user) => signer.signAccess(user, new Date()),
      async createBusinessWithUsers(roles) {
        const business = await createBusiness(handle.db);
        const users = {} as Record<(typeof roles)[number], TestUser>;
        const tokens = {} as Record<(typeof roles)[number], string>;
        for (const role of roles) {
          users[role] = await createUser(handle.db, { businessId: business.id, role });
          tokens[role] = (await signIn(url, users[role])).token ?? '';
        }
        return { businessId: business.id, users, tokens };
      },
    };
    console.log(
      `bench: ${cpus().length} CPU(s), PostgreSQL at ${cluster ? `a throwaway cluster (${durable ? 'durable: fsync and synchronous_commit on' : 'fsync and synchronous_commit off'})` : 'DATABASE_URL'}`,
    );
    for (const section of sections) {
      console.log(`\n[${section.name}]`);
      await section.run(ctx);
    }
    await app.close();
  } finally {
    await handle.close();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
