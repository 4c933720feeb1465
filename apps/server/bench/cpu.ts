import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../src/db/connection.ts';

// CPU time spent, for the money load's figures per operation (docs/benchmarks.md): on a machine
// shared with other work a load's operations per second follow the share of the processors it
// gets, while the CPU time of an operation does not. Linux only (/proc); on another system, or
// with PostgreSQL on another machine, the figures are null.

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's stat fields from its state on (field 3), so field N is at index N - 3. */
function stat(pid: number | 'self'): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime (+ the reaped children's cutime + cstime), in ms. */
function ticksMs(fields: string[], withChildren: boolean): number {
  const n = (i: number) => Number(fields[i] ?? 0);
  const ticks = n(11) + n(12) + (withChildren ? n(13) + n(14) : 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

export interface CpuMeter {
  /** CPU ms so far: PostgreSQL's server processes (those that ended included), and this process with its ended children (pgbench). */
  read(): { postgres: number | null; self: number };
}

/** A meter of the cluster behind db (its postmaster is the parent of this connection's backend). */
export async function cpuMeter(db: Database): Promise<CpuMeter> {
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
  const backend = rows[0] ? stat(rows[0].pid) : null;
  const postmaster = backend ? Number(backend[1]) : null;
  const postgres = (): number | null => {
    if (postmaster === null) return null;
    const own = stat(postmaster);
    if (!own) return null;
    let ms = ticksMs(own, true);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const fields = stat(Number(entry));
      if (fields && Number(fields[1]) === postmaster) ms += ticksMs(fields, true);
    }
    return ms;
  };
  return {
    read() {
      const usage = process.cpuUsage();
      const self = (usage.user + usage.system) / 1000;
      const own = stat('self');
      const children = own ? ticksMs(own, true) - ticksMs(own, false) : 0;
      return { postgres: postgres(), self: self + children };
    },
  };
}

/** CPU ms per operation between two readings. */
export function perOperation(
  from: ReturnType<CpuMeter['read']>,
  to: ReturnType<CpuMeter['read']>,
  operations: number,
): { postgres: number | null; self: number } {
  const postgres = from.postgres !== null && to.postgres !== null ? to.postgres - from.postgres : null;
  return {
    postgres: postgres === null || operations === 0 ? null : postgres / operations,
    self: operations === 0 ? 0 : (to.self - from.self) / operations,
  };
}
