// `npm test`: every tier, with one closing line `N passed, N failed` (DESIGN.md section 7).
//   check (Biome, TypeScript)  unit  api (the API suite on PGlite)
//   pg (the API suite on PostgreSQL: TEST_DATABASE_URL, or a throwaway cluster)
//   pgbouncer (the same suite again with the HTTP server's queries through PgBouncer in
//   transaction mode, DESIGN.md section 24)  e2e (Playwright)
// `npm test -- --tier pg` (or `--tier unit,api`) runs some of them with the same accounting.
//
// First it makes sure the machine has what the chosen tiers need (scripts/test-prereqs.mjs).
// Then two lanes run side by side, since vitest gives each API tier one worker on a 2-core
// machine: check, unit, the web app's build and the PGlite tier in one; the PostgreSQL cluster's
// start and its tier in the other. Playwright runs last, alone: its timing-bound specs get the
// machine to themselves. A tier of a lane writes its output to .tmp/results/<tier>.log, printed
// whole when it ends; the summary gives each tier's time.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { startPgBouncer } from './pgbouncer.mjs';
import { startThrowawayPostgres } from './postgres.mjs';
import { ensurePrerequisites } from './test-prereqs.mjs';

const TIERS = ['check', 'unit', 'api', 'pg', 'pgbouncer', 'e2e'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, '.tmp', 'results');

/** `--tier a,b`, `--tier a --tier b`, `--tier=a`, or (as before) bare tier names. */
function chosenTiers(argv) {
  const names = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--tier') names.push(...(argv[++i] ?? '').split(','));
    else if (arg.startsWith('--tier=')) names.push(...arg.slice(7).split(','));
    else names.push(...arg.split(','));
  }
  const unknown = names.filter((n) => !TIERS.includes(n));
  if (unknown.length > 0 || (argv.length > 0 && names.length === 0)) {
    console.error(
      `Unknown tier ${unknown.join(', ') || '(none)'}: choose from ${TIERS.join(', ')}, e.g. npm test -- --tier pg`,
    );
    process.exit(2);
  }
  return names.length > 0 ? TIERS.filter((t) => names.includes(t)) : TIERS;
}

const tiers = chosenTiers(process.argv.slice(2));
const prereqs = ensurePrerequisites(tiers, { logDir: path.join(root, '.tmp') });
if (!prereqs.ok) {
  console.error(prereqs.message);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const chromium = prereqs.found?.chromium;
const webDist = path.join(root, '.tmp', 'e2e-web');

let passed = 0;
let failed = 0;
/** Each tier's line of the summary, in TIERS' order whatever the order they ended in. */
const summary = new Map();
// The names of the failed tests, repeated after the summary: CI may show only a run's last lines.
const failures = [];

/** The first line of a failure's message, without colour codes. */
function firstLine(message) {
  return stripVTControlCharacters(message ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);
}

/**
 * Runs a command; `buffered` writes its output to .tmp/results/<log>.log and prints it whole when
 * it ends (a lane beside another), else it streams. Answers whether it succeeded and its time.
 */
/** What an interrupted run (Ctrl-C, CI's timeout) must not leave behind: tiers, the cluster. */
const children = new Set();
const cleanups = [];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) {
      try {
        process.kill(-(child.pid ?? 0), 'SIGTERM');
      } catch {}
    }
    for (const cleanup of cleanups) cleanup();
    process.exit(130);
  });
}

function run(title, cmd, args, { env = {}, buffered = false, log } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n=== ${title} ===`);
  else console.log(`--- ${title}: started`);
  const file = path.join(outDir, `${log ?? title.replace(/\W+/g, '-')}.log`);
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
    // Its own process group, so an interruption ends the tier with everything it started.
    detached: true,
  });
  children.add(child);
  const chunks = [];
  if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => chunks.push(c));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      children.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (buffered) {
        // Kept whole in memory and written once the tier has closed its pipes: nothing is lost.
        const text = Buffer.concat(chunks).toString('utf8');
        writeFileSync(file, text);
        console.log(`\n=== ${title} (${seconds}s, output also in ${path.relative(root, file)}) ===\n${text}`);
      }
      resolve({ ok: status === 0, seconds });
    });
  });
}

/** A vitest JSON report's counts; its failed tests go to `failures`. No report: one failure. */
function readVitest(file) {
  if (!existsSync(file)) {
    failures.push(`${path.relative(root, file)}: vitest wrote no report (see its output above)`);
    return { p: 0, f: 1 };
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A suite that fails to load reports no tests: count it as a failure.
  const loadFailures = (r.testResults ?? []).filter(
    (t) => t.status === 'failed' && (t.assertionResults ?? []).length === 0,
  ).length;
  for (const suite of r.testResults ?? []) {
    const where = path.relative(root, suite.name);
    const tests = suite.assertionResults ?? [];
    if (suite.status === 'failed' && tests.length === 0)
      failures.push(`${where}: ${firstLine(suite.message)}`);
    for (const t of tests.filter((t) => t.status !== 'passed')) {
      failures.push(`${where} > ${t.fullName} (${t.status}): ${firstLine(t.failureMessages?.[0])}`);
    }
  }
  return { p: r.numPassedTests ?? 0, f: (r.numFailedTests ?? 0) + loadFailures + (r.numPendingTests ?? 0) };
}

async function vitestTier(tier, title, project, env, buffered) {
  const file = path.join(outDir, `${tier}.json`);
  const args = ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json'];
  const res = await run(title, 'npx', [...args, `--outputFile.json=${file}`], { env, buffered, log: tier });
  const { p, f } = readVitest(file);
  const fails = res.ok ? f : Math.max(f, 1);
  passed += p;
  failed += fails;
  summary.set(tier, `${title}: ${p} passed, ${fails} failed (${res.seconds}s)`);
}

function failTier(tier, line) {
  failed++;
  failures.push(line);
  summary.set(tier, `${line}`);
}

const has = (t) => tiers.includes(t);
// Lanes side by side only when both have work; one lane alone streams its output.
const sideBySide =
  (has('check') || has('unit') || has('api') || has('e2e')) && (has('pg') || has('pgbouncer'));

async function laneOne() {
  if (has('check')) {
    const res = await run('check: Biome and TypeScript', 'npm', ['run', 'check'], {
      buffered: sideBySide,
      log: 'check',
    });
    if (res.ok) {
      passed++;
      summary.set('check', `check: passed (${res.seconds}s)`);
    } else failTier('check', `check: FAILED (${res.seconds}s)`);
  }
  if (has('unit')) await vitestTier('unit', 'unit tests', 'unit', {}, sideBySide);
  if (has('e2e')) {
    // Into a folder of its own: the API tiers' servers serve apps/web/dist when it is there.
    const res = await run(
      'build of the web app for Playwright',
      'npm',
      ['run', 'build', '-w', 'apps/web', '--', '--outDir', webDist, '--emptyOutDir'],
      {
        buffered: sideBySide,
        log: 'web-build',
      },
    );
    if (!res.ok) failTier('e2e', `Playwright: FAILED, the web app did not build (${res.seconds}s)`);
  }
  if (has('api')) await vitestTier('api', 'API suite on PGlite', 'api', { TEST_DB: 'pglite' }, sideBySide);
}

async function laneTwo() {
  if (!has('pg') && !has('pgbouncer')) return;
  let url = process.env.TEST_DATABASE_URL;
  let stop = () => {};
  try {
    if (!url) {
      const cluster = await startThrowawayPostgres();
      url = cluster.url;
      stop = cluster.stop;
      cleanups.push(stop);
    }
    if (has('pg'))
      await vitestTier(
        'pg',
        'API suite on PostgreSQL',
        'api',
        { TEST_DB: 'postgres', TEST_DATABASE_URL: url },
        sideBySide,
      );
    if (has('pgbouncer')) await pgBouncerTier(url);
  } catch (err) {
    console.error(`\nAPI suite on PostgreSQL could not start: ${err.message}`);
    failTier(has('pg') ? 'pg' : 'pgbouncer', 'API suite on PostgreSQL: FAILED to start');
  } finally {
    stop();
  }
}

/**
 * The API suite again with the HTTP server's queries through PgBouncer in transaction mode, on the
 * same cluster (DESIGN.md section 24); LISTEN, the migrations and the tests' own setup go to
 * PostgreSQL itself. It fails too if PgBouncer carried no transaction: the suite ran past it.
 */
async function pgBouncerTier(url) {
  const bouncer = await startPgBouncer(url, {
    [new URL(url).username || 'postgres']: decodeURIComponent(new URL(url).password),
    bo_test_owner: 'bo-test-role',
    bo_test_server: 'bo-test-role',
  });
  cleanups.push(bouncer.stop);
  try {
    const title = 'API suite through PgBouncer';
    const env = { TEST_DB: 'postgres', TEST_DATABASE_URL: url, TEST_POOLER_URL: bouncer.url };
    await vitestTier('pgbouncer', title, 'api', env, sideBySide);
    const carried = await bouncer.transactions();
    if (carried < 1000)
      failTier('pgbouncer', `${title}: FAILED, PgBouncer carried only ${carried} transactions`);
    else summary.set('pgbouncer', `${summary.get('pgbouncer')}, ${carried} transactions through PgBouncer`);
  } finally {
    bouncer.stop();
  }
}

/**
 * What the page showed when a test failed (Playwright's error-context, an accessibility tree), from
 * an open dialog if there is one, indented under the failure: CI keeps only the end of the output,
 * where the summary is.
 */
function pageSnapshot(results) {
  const file = results.flatMap((r) => r.attachments ?? []).find((a) => a.name === 'error-context')?.path;
  if (!file || !existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  const yaml = /# Page snapshot\s*```yaml\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
  const tree = yaml.split('\n').filter((l) => l.trim());
  const dialog = tree.findIndex((l) => /^\s*- dialog\b/.test(l));
  const shown = tree.slice(Math.max(dialog, 0), Math.max(dialog, 0) + 40);
  return [
    '  the page then:',
    ...shown.map((l) => `    ${l}`),
    ...(tree.length > shown.length ? [`    ... (all of it in ${file})`] : []),
  ];
}

async function playwright() {
  if (!has('e2e') || summary.has('e2e')) return;
  const file = path.join(outDir, 'e2e.json');
  const res = await run('Playwright in Chromium', 'npm', ['run', 'test:e2e'], {
    env: {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      E2E_SKIP_BUILD: '1',
      WEB_DIST: webDist,
      ...(chromium ? { CHROMIUM_PATH: chromium } : {}),
    },
  });
  let p = 0;
  let f = res.ok ? 0 : 1;
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const stats = report.stats ?? {};
    const visit = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'expected') continue;
          const error = t.results?.flatMap((r) => r.errors ?? [])[0]?.message;
          const snapshot = pageSnapshot(t.results ?? []);
          failures.push(
            [
              `${spec.file}:${spec.line} > ${spec.title} (${t.status}): ${firstLine(error)}`,
              ...snapshot,
            ].join('\n'),
          );
        }
      }
      for (const child of suite.suites ?? []) visit(child);
    };
    for (const suite of report.suites ?? []) visit(suite);
    p = stats.expected ?? 0;
    f =
      (stats.unexpected ?? 0) +
      (stats.flaky ?? 0) +
      (stats.skipped ?? 0) +
      (res.ok || stats.unexpected ? 0 : 1);
  }
  passed += p;
  failed += f;
  summary.set('e2e', `Playwright: ${p} passed, ${f} failed (${res.seconds}s)`);
}

const started = Date.now();
await Promise.all([laneOne(), laneTwo()]);
await playwright();

console.log('\n=== summary ===');
for (const line of failures) console.log(`failed: ${line}`);
for (const tier of TIERS) if (summary.has(tier)) console.log(summary.get(tier));
console.log(`all tiers: ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
