import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/**
 * `npm run admin -- …args` as an operator runs it (tsx from the repository root), in this
 * process's environment without its DATABASE_URL plus `env`: the exit code and both outputs,
 * a failure answered rather than thrown.
 */
export function adminCli(env: Record<string, string>): (...args: string[]) => Promise<CliResult> {
  const { DATABASE_URL: _url, ...inherited } = process.env;
  const options = { cwd: root, env: { ...inherited, ...env } };
  return (...args) =>
    run('npx', ['tsx', 'apps/server/src/cli/admin.ts', ...args], options).then(
      (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
      (e: CliResult & { stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
    );
}
