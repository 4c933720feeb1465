import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePrerequisites } from './test-prereqs.mjs';

// `npm test` sets the machine up before its first tier (DESIGN.md section 7): what a tier needs
// and cannot find is installed (as root, with apt-get) or named with the command to run.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-prereqs-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An environment whose PATH holds only node (so no chromium and no apt-get). */
function pathWithoutChromium() {
  const bin = tempDir();
  symlinkSync(process.execPath, path.join(bin, 'node'));
  const env: Record<string, string> = { ...(process.env as Record<string, string>), PATH: bin };
  delete env.CHROMIUM_PATH;
  return env;
}

describe('npm test on a machine without chromium', () => {
  it('stops before any tier, naming the command that installs it', () => {
    const started = Date.now();
    const res = spawnSync(process.execPath, ['scripts/test-all.mjs', '--tier', 'e2e'], {
      cwd: root,
      env: pathWithoutChromium(),
      encoding: 'utf8',
      timeout: 30_000,
    });
    const output = `${res.stdout}${res.stderr}`;
    expect(res.status).toBe(1);
    expect(output).toMatch(/apt-get install -y (\S+ )*chromium\b/);
    expect(output).toContain('npm test needs chromium');
    // Nothing ran: no tier's header, and the closing line counts the stop as one failure.
    expect(output).not.toContain('===');
    expect(res.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('refuses an unknown tier, listing the tiers', () => {
    const res = spawnSync(process.execPath, ['scripts/test-all.mjs', '--tier', 'everything'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('choose from check, unit, api, pg, pgbouncer, e2e');
  });
});

describe('ensurePrerequisites', () => {
  it('as root with apt-get, installs what is missing after saying so in one line', () => {
    const env = pathWithoutChromium();
    const bin = env.PATH as string;
    const calls = path.join(tempDir(), 'calls');
    // A stand-in for Debian's apt-get: it records its arguments and "installs" chromium.
    const aptGet = path.join(bin, 'apt-get');
    writeFileSync(
      aptGet,
      `#!/bin/sh\nPATH=/usr/bin:/bin\necho "$@" >> ${calls}\n[ "$1" = install ] && printf '#!/bin/sh\\n' > ${bin}/chromium && chmod +x ${bin}/chromium\nexit 0\n`,
    );
    chmodSync(aptGet, 0o755);
    const said: string[] = [];
    const res = ensurePrerequisites(['e2e'], {
      env,
      isRoot: true,
      log: (line) => said.push(line),
      logDir: tempDir(),
    });
    expect(res).toMatchObject({ ok: true, found: { chromium: path.join(bin, 'chromium') } });
    expect(said).toEqual([expect.stringMatching(/^Installing chromium: apt-get install -y chromium$/)]);
    expect(readFileSync(calls, 'utf8').trim().split('\n')).toEqual(['update -qq', 'install -y -qq chromium']);
  });

  it('as another user, names the command with sudo and installs nothing', () => {
    const res = ensurePrerequisites(['e2e'], { env: pathWithoutChromium(), isRoot: false, log: () => {} });
    expect(res.ok).toBe(false);
    expect(res.message).toContain('sudo apt-get install -y chromium');
  });

  it('asks nothing of tiers that need nothing from the machine', () => {
    const res = ensurePrerequisites(['check', 'unit', 'api'], { env: pathWithoutChromium(), isRoot: false });
    expect(res).toEqual({ ok: true, found: {} });
  });
});
