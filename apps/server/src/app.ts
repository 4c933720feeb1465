import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { msg } from '@app/shared';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config.ts';
import { type Database, type Listen, REPLICA_CHECK_MS } from './db/connection.ts';
import { MoneyBatcher } from './db/money-batch.ts';
import { createTokenSigner } from './lib/auth/tokens.ts';
import { createCaches } from './lib/caches.ts';
import type { Deps } from './lib/context.ts';
import { registerErrorHandler } from './lib/errors.ts';
import { EventHub } from './lib/events.ts';
import { registerIdempotency } from './lib/idempotency.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { openApiTransform } from './lib/openapi.ts';
import { primaryReads, replicaReads } from './lib/replica.ts';
import { registerLanguageVary, requestLanguage, tr } from './lib/texts.ts';
import { startCbuSchedule } from './modules/finance/rates.schedule.ts';
import { MODULE_ROUTES } from './modules/index.ts';
import { startNotificationJobs } from './modules/notifications/notifications.schedule.ts';
import { sendTelegramNotification } from './modules/telegram/telegram.notify.ts';

export interface BuildOptions {
  config: Config;
  db: Database;
  /** Tests may pass their own clock; everything else uses the real one. */
  clock?: () => Date;
  mailer?: Mailer;
  /** Pino options; false silences the log (tests). */
  logger?: boolean | object;
  /** The database engine; default: PostgreSQL when config.databaseUrl is set, else PGlite. */
  engine?: 'pglite' | 'postgres';
  /** Runs the timed jobs (the daily Central Bank import): the server does, tests that test them do. */
  schedules?: boolean;
  /** LISTEN for the live events (the database handle's); without it streams get no live events. */
  listen?: Listen;
  /** A streaming replica for the reports and History (DESIGN.md section 24); PostgreSQL only. */
  replica?: Database;
}

/** Keys whose values are secrets: passwords, one-time codes, tokens and the headers carrying them. */
const SECRET_KEYS = [
  'code',
  'password',
  'new_password',
  'token',
  'reset_token',
  'otp_token',
  'refresh',
  'access',
  'authorization',
  'cookie',
] as const;
/** How deep under the logged object a secret key is still found (pino has no recursive wildcard). */
const REDACT_DEPTH = 4;
const REDACTED_PATHS = [
  ...SECRET_KEYS.flatMap((key) =>
    Array.from({ length: REDACT_DEPTH + 1 }, (_, depth) => [...Array(depth).fill('*'), key].join('.')),
  ),
  '*.headers["set-cookie"]',
];

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const BODY_LIMIT_BYTES = 256 * 1024;

/** The headers a connect-style middleware sets when it sets the same ones on every response. */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return headers;
}

/** Builds the whole HTTP application. The only caller that listens is server.ts (or a test). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Secrets never reach the log (DESIGN.md section 5).
            redact: {
              paths: REDACTED_PATHS,
              censor: '[redacted]',
            },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const deps = createDeps(app, options);
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  registerErrorHandler(app);
  registerLanguageVary(app);
  registerIdempotency(app);

  await registerApi(app, deps);
  if (options.schedules) registerSchedules(app, deps);
  await registerWebApp(app, config.webDist ?? DEFAULT_WEB_DIST);
  return app;
}

/** The services' dependencies, with the hooks that start and stop them with the server. */
function createDeps(app: FastifyInstance, options: BuildOptions): Deps {
  const { config } = options;
  const caches = createCaches();
  const engine = options.engine ?? (config.databaseUrl ? 'postgres' : 'pglite');
  const deps: Deps = {
    db: options.db,
    config,
    clock: options.clock ?? (() => new Date()),
    tokens: createTokenSigner(config.jwtSecret, caches.verifiedTokens),
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    log: app.log,
    caches,
    // PGlite is one connection in one process: its operations already run one at a time.
    moneyBatcher:
      config.moneyBatch && engine === 'postgres' ? new MoneyBatcher(options.db, config.moneyBatch) : null,
    sessions: engine === 'postgres' ? 'many' : 'one',
    events: new EventHub(options.db, (err) => app.log.error({ err }, 'events: a delivery failed')),
    reads:
      options.replica && engine === 'postgres'
        ? replicaReads({
            primary: options.db,
            replica: options.replica,
            maxLagMs: config.replicaMaxLagMs,
            checkWithinMs: Math.min(REPLICA_CHECK_MS, config.replicaTimeoutMs),
            warn: (message) => app.log.warn(message),
          })
        : primaryReads(options.db),
  };
  if (options.listen) {
    const listen = options.listen;
    app.addHook('onReady', () => deps.events.start(listen));
    app.addHook('onClose', () => deps.events.close());
  }
  if (deps.moneyBatcher) {
    const batcher = deps.moneyBatcher;
    // Requests in flight finish first (app.close), then their batches commit before the pool closes.
    app.addHook('onClose', () => batcher.close());
  }
  return deps;
}

/**
 * Security headers on every answer (DESIGN.md section 5), the same for each: helmet's middleware
 * is run once here and its headers are set on each reply in one call, instead of running its dozen
 * middlewares on every request.
 */
function registerSecurityHeaders(app: FastifyInstance): void {
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // 'wasm-unsafe-eval' lets the camera's barcode reader compile its WebAssembly (DESIGN.md
          // section 18); it allows no eval of script text.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          // The installable app's service worker and manifest (DESIGN.md section 23), same origin.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Served over plain http on loopback by default; a TLS proxy in front sets its own.
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
}

/** The API under /api/: every module's routes, their OpenAPI document and its viewer. */
async function registerApi(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Back office API',
        version: '1.0.0',
        description: 'Money, offers, catalogue and stock for a business.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
  });

  await app.register(
    async (api) => {
      // DESIGN.md section 23: API answers above a kilobyte compressed for the phone's weak data
      // (brotli at a fast quality, else gzip); the live events' stream is written raw and is not.
      await api.register(fastifyCompress, {
        threshold: COMPRESS_THRESHOLD_BYTES,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      for (const routes of MODULE_ROUTES) await routes(api, deps);
      api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
      await api.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
    },
    { prefix: '/api' },
  );
}

/** The timed jobs: the daily Central Bank import, the notifications, the events' pruning. */
function registerSchedules(app: FastifyInstance, deps: Deps): void {
  let stop: (() => Promise<void>) | undefined;
  let stopNotifications: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startCbuSchedule(deps);
    // Telegram (DESIGN.md section 13) beside the e-mail: it sends nothing while the bot is off.
    stopNotifications = startNotificationJobs(deps, { extraSenders: [sendTelegramNotification] });
  });
  app.addHook('onClose', async () => stopNotifications?.());
  // The events a reconnecting stream may still ask for are a day's; older ones go, hourly.
  const prune = setInterval(() => {
    deps.events.prune().catch((err: unknown) => app.log.warn({ err }, 'events: pruning failed'));
  }, 3_600_000);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
  app.addHook('onClose', async () => stop?.());
}

const COMPRESS_THRESHOLD_BYTES = 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite's hashed output (dist/assets/name-<hash>.js): its name changes with its content. */
function isHashedAsset(webDist: string, file: string): boolean {
  return path.relative(webDist, file).split(path.sep)[0] === 'assets';
}

/** The built web app, when there is one, and the answer for every path nothing else takes. */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt app is served without a restart.
    // DESIGN.md section 23: the build writes each asset's .br and .gz beside it (vite.config.ts),
    // sent by Accept-Encoding; the hashed assets are cached for a year, anything else revalidated.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.header('cache-control', isHashedAsset(webDist, file) ? IMMUTABLE : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  // Unknown /api/ paths and missing files answer 404; every other GET is a deep link into the
  // web app (/transactions, /catalog/size) and gets index.html.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isDeepLink = !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
    if (hasWeb && isDeepLink && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const notFound = msg('errors.not_found');
    return reply
      .status(404)
      .send({ detail: tr(requestLanguage(request), notFound), detail_message: notFound });
  });
}
