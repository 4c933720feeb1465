/** Types for postgres.mjs (a plain script, so `npm test` needs no build step). */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** The PostgreSQL bin folder (pgbench, psql). */
  bin: string;
  stop(): void;
}
export function startThrowawayPostgres(options?: { tuned?: boolean }): Promise<ThrowawayPostgres>;
