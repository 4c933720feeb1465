import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A signed-in page renders with the catalogue's parts its route waits for (app/router.tsx's
// withTexts, i18n/catalogue.ts, DESIGN.md section 23): `common` and `auth` (always there), the
// shell's namespaces (chat, notifications, offers) and its feature's own. This test holds every
// page to that: no module a page imports, statically or lazily (its dialogs), uses a key of
// another namespace, but for the pages listed in EXTRA, whose routes wait for those too.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.resolve(HERE, '..');
const ALWAYS = ['common', 'auth', 'chat', 'notifications', 'offers'];
/** Pages whose routes wait for another feature's texts too (app/router.tsx). */
const EXTRA: Record<string, string[]> = { 'features/history/pages/HistoryPage.tsx': ['catalog'] };
const NAMESPACES = readdirSync(path.join(HERE, 'messages', 'uz'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const KEY = new RegExp(`['"\`](${NAMESPACES.join('|')})\\.[a-zA-Z]`, 'g');
const IMPORT = /(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g;

/** The app's modules a page reaches by relative imports, other pages left out (they wait for their own). */
function reached(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, spec] of source.matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(file), spec as string);
    if (!/\.tsx?$/.test(target) || !existsSync(target) || /[\\/]pages[\\/]/.test(target)) continue;
    reached(target, seen);
  }
  return seen;
}

const pages = readdirSync(path.join(SRC, 'features')).flatMap((feature) => {
  const dir = path.join(SRC, 'features', feature, 'pages');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /\.tsx$/.test(f) && !/\.test\.tsx$/.test(f))
        .map((f) => ({ feature, page: `features/${feature}/pages/${f}` }))
    : [];
});

describe('the texts a signed-in page renders with', () => {
  it.each(pages)('$page uses its feature namespace and the shell', ({ feature, page }) => {
    const allowed = new Set([...ALWAYS, feature, ...(EXTRA[page] ?? [])]);
    const outside = new Set<string>();
    for (const file of reached(path.join(SRC, page))) {
      for (const [, namespace] of readFileSync(file, 'utf8').matchAll(KEY)) {
        if (!allowed.has(namespace as string)) outside.add(`${namespace} (${path.relative(SRC, file)})`);
      }
    }
    expect([...outside]).toEqual([]);
  });
});
