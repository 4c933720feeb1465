// Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster, e.g.
//   node scripts/with-postgres.mjs npx vitest run --project api apps/server/src/modules/finance
import { spawnSync } from 'node:child_process';
import { startThrowawayPostgres } from './postgres.mjs';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}
const cluster = await startThrowawayPostgres();
let status = 1;
try {
  status =
    spawnSync(cmd, args, {
      stdio: 'inherit',
      env: {
        ...process.env,
        TEST_DB: 'postgres',
        TEST_DATABASE_URL: cluster.url,
        DATABASE_URL_FOR_BENCH: cluster.url,
      },
    }).status ?? 1;
} finally {
  cluster.stop();
}
process.exit(status);
