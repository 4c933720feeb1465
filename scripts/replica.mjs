// A throwaway streaming replica of a throwaway primary (scripts/postgres.mjs), for the test of
// DESIGN.md section 24 "Reports from a replica" and for the bench: pg_basebackup -R -X stream
// copies the primary (initdb's pg_hba already lets local connections replicate) into a cluster of
// its own on another loopback port, which starts as a hot standby following the primary.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { freePort, pgRunner } from './postgres.mjs';

/**
 * @param {{url: string, bin: string}} primary a cluster from startThrowawayPostgres
 * @returns {Promise<import('./replica.d.mts').ThrowawayReplica>}
 */
export async function startThrowawayReplica(primary) {
  // A `bin` on PATH may link only some commands (initdb, pg_ctl): the folder they link into has all.
  const bin = path.dirname(realpathSync(path.join(primary.bin, 'initdb')));
  const { dir, run, runAsync, stopper } = pgRunner(bin, 'bo-replica-');
  const data = path.join(dir, 'data');
  const stop = stopper(data);
  try {
    // -R writes standby.signal and primary_conninfo; -X stream copies the WAL written meanwhile.
    run('pg_basebackup', ['-d', primary.url, '-D', data, '-R', '-X', 'stream', '--no-sync', '-c', 'fast']);
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      // A hot standby needs at least the primary's max_connections (scripts/postgres.mjs: 300).
      '-c max_connections=300',
      '-c hot_standby=on',
      '-c fsync=off',
      '-c shared_buffers=128MB',
    ].join(' ');
    const startArgs = ['-D', data, '-l', path.join(dir, 'log'), '-o', settings, '-w', 'start'];
    run('pg_ctl', startArgs);
    const primaryUrl = new URL(primary.url);
    const at = (database = primaryUrl.pathname.slice(1)) => {
      const url = new URL(primary.url);
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    };
    return {
      url: at(),
      at,
      stop,
      halt: () => runAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
      start: () => runAsync('pg_ctl', startArgs),
    };
  } catch (err) {
    const log = path.join(dir, 'log');
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-8).join('\n') : '';
    stop();
    throw new Error(`the replica did not start: ${err.message}\n${tail}`);
  }
}
