/** Types for replica.mjs (a plain script, so `npm test` needs no build step). */
export interface ThrowawayReplica {
  /** The primary's URL with the replica's port: the same database, read only. */
  url: string;
  /** Database `name` on the replica. */
  at(name?: string): string;
  /** Stops and deletes the replica (whatever state it is in). */
  stop(): void;
  /** Shuts the replica down (`pg_ctl stop -m fast`), keeping its data. */
  halt(): Promise<void>;
  /** Starts it again on the same port after `halt()`: it catches up with the primary. */
  start(): Promise<void>;
}
/** A hot standby streaming from `primary` (a cluster of scripts/postgres.mjs), on its own port. */
export function startThrowawayReplica(primary: { url: string; bin: string }): Promise<ThrowawayReplica>;
