import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { MoneyBatcher } from '../db/money-batch.ts';
import type { TokenSigner } from './auth/tokens.ts';
import type { Caches } from './caches.ts';
import type { EventHub } from './events.ts';
import type { Mailer } from './mailer.ts';
import type { Reads } from './replica.ts';

/** The explicit dependencies a service takes (STYLE.md: plain functions, no base class). */
export interface Deps {
  db: Database;
  config: Config;
  mailer: Mailer;
  tokens: TokenSigner;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** What the process keeps between requests, made once per app in buildApp. */
  caches: Caches;
  /** Group commit of the money operations; null applies each alone (config.moneyBatch). */
  moneyBatcher: MoneyBatcher | null;
  /**
   * PostgreSQL's pool has many sessions; PGlite has one, where a statement beside an open
   * transaction waits for it to end.
   */
  sessions: 'one' | 'many';
  /** The live events' streams of this process (DESIGN.md section 13). */
  events: EventHub;
  /**
   * Where the reads of the past go (DESIGN.md section 24): the replica when DATABASE_REPLICA_URL
   * names one and it is up, else `db`. Only reports, History and their files use it.
   */
  reads: Reads;
}

/** Who is acting, and from where: every service that changes state takes one, for the audit. */
export interface Actor {
  id: number;
  businessId: number;
  role: string;
  ip: string | null;
}
