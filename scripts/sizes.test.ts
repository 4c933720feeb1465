import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The size bars of DESIGN.md section 15 bite: a probe file over a bar makes scripts/sizes.mjs
// (the `npm run check` step) fail naming the file, the function, its length and the limit. Each
// probe is written where the bar holds, measured alone, and removed.

const run = promisify(execFile);

async function measureProbe(path: string, source: string): Promise<{ code: number; output: string }> {
  await writeFile(path, source);
  try {
    const { stdout } = await run(process.execPath, ['scripts/sizes.mjs', path]);
    return { code: 0, output: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, output: e.stdout };
  } finally {
    await rm(path, { force: true });
  }
}

/** A function of `lines` lines, its signature and closing brace included. */
const functionOf = (name: string, lines: number) =>
  `export function ${name}(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;

describe('size bars', () => {
  it('refuse a server function over 80 lines, naming it, its length and the limit', async () => {
    const probe = 'apps/server/src/lib/sizes-probe.ts';
    const result = await measureProbe(probe, `${functionOf('fits', 80)}\n${functionOf('tooLong', 81)}`);
    expect(result.code).toBe(1);
    expect(result.output).toContain(`${probe}:82 tooLong: 81 lines (limit 80)`);
    expect(result.output).not.toContain('fits');
  }, 30_000);

  it('refuse a source file over 400 lines, in the web app too', async () => {
    const probe = 'apps/web/src/lib/sizes-probe.ts';
    const result = await measureProbe(probe, 'export const n = 0;\n'.repeat(401));
    expect(result.code).toBe(1);
    expect(result.output).toContain(`${probe}:1 file: 401 lines (limit 400)`);
  }, 30_000);

  it('leave tests aside', async () => {
    const probe = 'apps/server/src/lib/sizes-probe.test.ts';
    const result = await measureProbe(probe, functionOf('longTest', 120).repeat(4));
    expect(result).toEqual({ code: 0, output: '' });
  }, 30_000);
});
