import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The layer rules of DESIGN.md section 15 bite: a probe file that breaks one makes
// dependency-cruiser (the `npm run check` step, .dependency-cruiser.cjs) fail naming the file
// and the rule. Each probe is written where the rule looks, cruised alone, and removed.

const run = promisify(execFile);

async function cruiseProbe(path: string, source: string): Promise<{ code: number; output: string }> {
  await writeFile(path, source);
  try {
    await run(process.execPath, [
      'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
      path,
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ]);
    return { code: 0, output: '' };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, output: e.stdout };
  } finally {
    await rm(path, { force: true });
  }
}

describe('layer rules', () => {
  it('refuse a lib/ file that imports a module, even its service', async () => {
    const probe = 'apps/server/src/lib/layers-probe.ts';
    const result = await cruiseProbe(
      probe,
      "import { listCurrencies } from '../modules/finance/finance.service.ts';\n\nexport const probe = listCurrencies;\n",
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`server-lib-not-to-modules: ${probe}`);
  }, 30_000);

  it("refuse a module that reaches past another module's service", async () => {
    const probe = 'apps/server/src/modules/offers/layers-probe.ts';
    const result = await cruiseProbe(
      probe,
      "import { listCurrencies } from '../finance/finance.repository.ts';\n\nexport const probe = listCurrencies;\n",
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`server-module-through-service: ${probe}`);
  }, 30_000);

  it('refuse a web feature that imports another feature', async () => {
    const probe = 'apps/web/src/features/chat/layers-probe.ts';
    const result = await cruiseProbe(
      probe,
      "import { offersKeys } from '../offers/api/offers.ts';\n\nexport const probe = offersKeys;\n",
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`web-feature-not-to-other-feature: ${probe}`);
  }, 30_000);
});
