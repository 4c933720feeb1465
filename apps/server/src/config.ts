import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// DESIGN.md section 2: environment -> typed config, validated once.
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_OWNER_URL: z.string().url().optional(),
  DATABASE_DIRECT_URL: z.string().url().optional(),
  // DESIGN.md section 24 "Reports from a replica": a streaming replica for the reads of the past.
  DATABASE_REPLICA_URL: z.string().url().optional(),
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  REPLICA_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Back office <no-reply@backoffice.local>'),
  DEMO: z.enum(['0', '1']).optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  // DESIGN.md section 9: the Central Bank of Uzbekistan's JSON feed of official rates.
  CBU_RATES_URL: z.string().url().default('https://cbu.uz/uz/arkhiv-kursov-valyut/json/'),
  CBU_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(10_000),
  // Group commit of the money operations on PostgreSQL (db/money-batch.ts); 0 turns it off.
  MONEY_BATCH_MS: z.coerce.number().min(0).max(1000).default(1),
  MONEY_BATCH_MAX: z.coerce.number().int().min(1).max(1000).default(64),
  MONEY_BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  // The address people open the web app at, for links in e-mails (invitations).
  PUBLIC_URL: z.string().url().optional(),
  // DESIGN.md section 13 "Telegram": unset (or empty) token, Telegram is off.
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(
      /^(\d{1,20}:[\w-]{20,100})?$/,
      'TELEGRAM_BOT_TOKEN must look like 123456789:AA... (from BotFather)',
    )
    .optional(),
  // Telegram's secret_token allows 1-256 of A-Z a-z 0-9 _ -; we ask for 16 or more.
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[\w-]{16,256}$/, 'TELEGRAM_WEBHOOK_SECRET must be 16-256 characters of A-Z, a-z, 0-9, _ and -')
    .optional(),
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL itself when DATABASE_URL is PgBouncer in transaction mode (DESIGN.md section 24):
   * LISTEN and the migrations (a session advisory lock) connect here. Unset: DATABASE_URL.
   */
  databaseDirectUrl: string | undefined;
  /** The role that owns the schema and runs migrations; unset: DATABASE_URL's role does both. */
  databaseOwnerUrl: string | undefined;
  /**
   * A streaming replica the reports, History and their files read from (DESIGN.md section 24);
   * PostgreSQL only (ignored without DATABASE_URL). Unset: every read goes to DATABASE_URL.
   */
  databaseReplicaUrl: string | undefined;
  /** A replica further behind than this says "as of" its time (DESIGN.md section 24: 5 s). */
  replicaMaxLagMs: number;
  /** A replica query unanswered this long fails, and the primary answers (DESIGN.md section 24). */
  replicaTimeoutMs: number;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demo: boolean;
  webConcurrency: number;
  dbPoolSize: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  trustProxy: boolean;
  cbuRatesUrl: string;
  /** A slower feed counts as failed (502), rates unchanged. */
  cbuTimeoutMs: number;
  /** Without a trailing slash; unset: the address the administrator's browser used. */
  publicUrl: string | undefined;
  /** Group commit of money operations on PostgreSQL: null when off (MONEY_BATCH_MS=0). */
  moneyBatch: { windowMs: number; maxOps: number; concurrency: number } | null;
  /** The Telegram bot (DESIGN.md section 13); null when TELEGRAM_BOT_TOKEN is unset: Telegram is off. */
  telegram: TelegramConfig | null;
}

export interface TelegramConfig {
  token: string;
  /** What Telegram sends in X-Telegram-Bot-Api-Secret-Token (setWebhook's secret_token). */
  webhookSecret: string;
  /** The Bot API's base address, without a trailing slash. */
  apiUrl: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.TELEGRAM_BOT_TOKEN && !e.TELEGRAM_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  TELEGRAM_WEBHOOK_SECRET: required when TELEGRAM_BOT_TOKEN is set (the webhook checks it)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_URL ? e.DATABASE_OWNER_URL : undefined,
    databaseDirectUrl: e.DATABASE_URL ? e.DATABASE_DIRECT_URL : undefined,
    databaseReplicaUrl: e.DATABASE_URL ? e.DATABASE_REPLICA_URL : undefined,
    replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
    replicaTimeoutMs: e.REPLICA_TIMEOUT_MS,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    // The demo business is seeded by default only on the embedded database.
    demo: e.DEMO ? e.DEMO === '1' : !e.DATABASE_URL,
    webConcurrency: e.WEB_CONCURRENCY,
    dbPoolSize: e.DB_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY === '1',
    cbuRatesUrl: e.CBU_RATES_URL,
    cbuTimeoutMs: e.CBU_TIMEOUT_MS,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    moneyBatch:
      e.MONEY_BATCH_MS > 0
        ? { windowMs: e.MONEY_BATCH_MS, maxOps: e.MONEY_BATCH_MAX, concurrency: e.MONEY_BATCH_CONCURRENCY }
        : null,
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_WEBHOOK_SECRET
        ? {
            token: e.TELEGRAM_BOT_TOKEN,
            webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
            apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
          }
        : null,
  };
}

/** A signing key generated once into DATA_DIR, so restarts keep sessions valid. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another worker wrote it first: read theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return readFileSync(file, 'utf8').trim();
  }
}
