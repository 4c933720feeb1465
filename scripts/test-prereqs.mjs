// What `npm test`'s tiers need from the machine beyond npm (DESIGN.md section 7): Debian's
// chromium and fonts for Playwright, PostgreSQL's binaries and PgBouncer for the PostgreSQL tiers
// (DESIGN.md section 24). Checked before the first tier runs; a missing one is installed with
// apt-get when we run as root and may, otherwise the run stops at once naming the command.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findPostgresBinDir } from './postgres.mjs';

/** The first executable `name` on `PATH`, or null. */
export function which(name, envPath = process.env.PATH ?? '') {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/**
 * Each prerequisite: the tiers that need it, the Debian package that brings it, and how to find
 * it. Chromium renders the pages with the system's fonts; the PDFs embed their own (the
 * dejavu-fonts-ttf package), so only Playwright needs Debian's.
 */
const PREREQUISITES = [
  {
    name: 'chromium',
    tiers: ['e2e'],
    pkg: 'chromium',
    find: (env) =>
      env.CHROMIUM_PATH && existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : which('chromium', env.PATH),
  },
  {
    name: 'DejaVu fonts',
    tiers: ['e2e'],
    pkg: 'fonts-dejavu-core',
    find: () => (existsSync(DEJAVU) ? DEJAVU : null),
  },
  {
    name: "PostgreSQL's binaries",
    tiers: ['pg', 'pgbouncer'],
    pkg: 'postgresql',
    // A server of one's own (TEST_DATABASE_URL) needs no local binaries.
    find: (env) => (env.TEST_DATABASE_URL ? env.TEST_DATABASE_URL : findPostgresBinDir(env.PATH)),
  },
  {
    name: 'PgBouncer',
    tiers: ['pgbouncer'],
    pkg: 'pgbouncer',
    find: (env) =>
      which('pgbouncer', env.PATH) ?? (existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : null),
  },
];

/**
 * Makes sure every prerequisite of `tiers` is there. Answers `{ok: true, found}` (the path of
 * each, e.g. chromium's for CHROMIUM_PATH), or `{ok: false, message}` naming what is missing and
 * the exact command that installs it. `log` receives the one line said before an install.
 */
export function ensurePrerequisites(
  tiers,
  { env = process.env, isRoot = process.getuid?.() === 0, log = console.log, logDir } = {},
) {
  const needed = PREREQUISITES.filter((p) => p.tiers.some((t) => tiers.includes(t)));
  const missing = needed.filter((p) => !p.find(env));
  if (missing.length > 0) {
    const pkgs = missing.map((p) => p.pkg);
    const aptGet = which('apt-get', env.PATH);
    if (!isRoot || !aptGet) {
      const command = `${isRoot ? '' : 'sudo '}apt-get install -y ${pkgs.join(' ')}`;
      return {
        ok: false,
        message:
          `npm test needs ${missing.map((p) => p.name).join(', ')}, not found on this machine.\n` +
          `Install ${pkgs.length > 1 ? 'them' : 'it'} (Debian), then run npm test again:\n    ${command}`,
      };
    }
    log(`Installing ${missing.map((p) => p.name).join(', ')}: apt-get install -y ${pkgs.join(' ')}`);
    const logFile = path.join(logDir ?? path.join(process.cwd(), '.tmp'), 'apt-get.log');
    mkdirSync(path.dirname(logFile), { recursive: true });
    const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
    const steps = [
      ['update', '-qq'],
      ['install', '-y', '-qq', ...pkgs],
    ];
    let output = '';
    for (const args of steps) {
      const res = spawnSync(aptGet, args, { env: aptEnv, encoding: 'utf8' });
      output += `$ apt-get ${args.join(' ')}\n${res.stdout ?? ''}${res.stderr ?? ''}${res.error ? `${res.error.message}\n` : ''}`;
      writeFileSync(logFile, output);
      if (res.status !== 0)
        return {
          ok: false,
          message: `apt-get ${args[0]} failed (its output: ${logFile}):\n${tail(logFile)}\nInstall by hand, then run npm test again:\n    apt-get install -y ${pkgs.join(' ')}`,
        };
    }
    const still = missing.filter((p) => !p.find(env));
    if (still.length > 0)
      return {
        ok: false,
        message: `apt-get installed ${pkgs.join(' ')}, yet ${still.map((p) => p.name).join(', ')} is still not found (see ${logFile}).`,
      };
  }
  return { ok: true, found: Object.fromEntries(needed.map((p) => [p.name, p.find(env)])) };
}

function tail(file, lines = 10) {
  return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
}
