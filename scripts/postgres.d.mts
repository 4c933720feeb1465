/** Types for postgres.mjs (a plain script, so `npm test` needs no build step). */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** The PostgreSQL bin folder (pgbench, psql). */
  bin: string;
  /** Stops and deletes the cluster. */
  stop(): void;
  /** Shuts the server down (`pg_ctl stop -m fast`: sessions are terminated), keeping its data. */
  halt(): Promise<void>;
  /** Starts it again on the same port after `halt()`. */
  start(): Promise<void>;
}
export function startThrowawayPostgres(options?: {
  tuned?: boolean;
  /** PostgreSQL's durable defaults (fsync, synchronous_commit) instead of the fast test settings. */
  durable?: boolean;
}): Promise<ThrowawayPostgres>;
/** The folder of PostgreSQL's server binaries (`initdb` on `PATH`, else Debian's newest), or null. */
export function findPostgresBinDir(envPath?: string): string | null;
