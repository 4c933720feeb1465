// `npm test`: every tier, in order, with one closing line `N passed, N failed` (DESIGN.md section 7).
//   1. npm run check (Biome and TypeScript)   2. unit tests   3. API suite on PGlite
//   4. API suite on PostgreSQL (TEST_DATABASE_URL, or a throwaway cluster)   5. Playwright in Chromium
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { startThrowawayPostgres } from './postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, '.tmp', 'results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const only = process.argv[2]; // optional: check | unit | api | pg | e2e

let passed = 0;
let failed = 0;
const summary = [];
// The names of the failed tests, repeated after the summary: CI may show only a run's last lines.
const failures = [];

/** The first line of a failure's message, without colour codes. */
function firstLine(message) {
  return stripVTControlCharacters(message ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);
}

function run(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: res.status === 0, seconds };
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

function vitestTier(name, project, env) {
  const file = path.join(outDir, `${name.replace(/\W+/g, '-')}.json`);
  const res = run(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  const { p, f } = readVitest(file);
  const fails = res.ok ? f : Math.max(f, 1);
  passed += p;
  failed += fails;
  summary.push(`${name}: ${p} passed, ${fails} failed (${res.seconds}s)`);
}

if (!only || only === 'check') {
  const res = run('check: Biome and TypeScript', 'npm', ['run', 'check']);
  res.ok ? passed++ : failed++;
  summary.push(`check: ${res.ok ? 'passed' : 'FAILED'} (${res.seconds}s)`);
}
if (!only || only === 'unit') vitestTier('unit tests', 'unit', {});
if (!only || only === 'api') vitestTier('API suite on PGlite', 'api', { TEST_DB: 'pglite' });
if (!only || only === 'pg') {
  let url = process.env.TEST_DATABASE_URL;
  let stop = () => {};
  try {
    if (!url) {
      const cluster = await startThrowawayPostgres();
      url = cluster.url;
      stop = cluster.stop;
    }
    vitestTier('API suite on PostgreSQL', 'api', { TEST_DB: 'postgres', TEST_DATABASE_URL: url });
  } catch (err) {
    console.error(`\nAPI suite on PostgreSQL could not start: ${err.message}`);
    failed++;
    summary.push('API suite on PostgreSQL: FAILED to start');
  } finally {
    stop();
  }
}
if (!only || only === 'e2e') {
  const file = path.join(outDir, 'e2e.json');
  const res = run('Playwright in Chromium', 'npm', ['run', 'test:e2e'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
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
          failures.push(`${spec.file}:${spec.line} > ${spec.title} (${t.status}): ${firstLine(error)}`);
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
  summary.push(`Playwright: ${p} passed, ${f} failed (${res.seconds}s)`);
}

console.log('\n=== summary ===');
for (const line of failures) console.log(`failed: ${line}`);
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
