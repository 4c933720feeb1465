// The size bars of DESIGN.md section 15, checked by `npm run check`: no source file over 400
// lines, no function over 80. Tests (*.test.ts), bench/ and migrations are aside. A function's
// length runs from its first line (after its doc comment) to its last, its nested functions
// included. Biome's noExcessiveLinesPerFunction counts fewer lines than a function spans (127 of
// the old buildApp's 152) and none of a JSX tree's, so the bars are measured here, with the
// TypeScript parser (Biome's noExcessiveLinesPerFile would be a second place for the same bar).
//
//   node scripts/sizes.mjs            every folder below
//   node scripts/sizes.mjs <path>...  those files or folders only (the bars of their folder)
//
// Each offender is printed as `path:line name: N lines (limit L)`; any makes the exit code 1.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const FILE_LIMIT = 400;
export const FUNCTION_LIMIT = 80;

/** Where the bars hold. */
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'bench', 'migrations']);
const isSource = (name) => /\.(ts|tsx|mts|mjs|js)$/.test(name) && !/\.(test|d)\.[a-z]+$/.test(name);

function sourceFiles(target) {
  if (!statSync(target).isDirectory()) return isSource(target) ? [target] : [];
  return readdirSync(target)
    .sort()
    .flatMap((name) => {
      const full = path.join(target, name);
      if (statSync(full).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sourceFiles(full);
      return isSource(name) ? [full] : [];
    });
}

const under = (file, roots) => roots.some((root) => file === root || file.startsWith(`${root}/`));

/** A function's name as a reader finds it: its own, its variable's, its property's, or its caller's. */
function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

function measure(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > FILE_LIMIT) found.push({ where: `${file}:1`, what: 'file', lines, limit: FILE_LIMIT });
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const first = lineOf(node.getStart(source));
      const length = lineOf(node.getEnd()) - first + 1;
      if (length > FUNCTION_LIMIT) {
        found.push({ where: `${file}:${first}`, what: nameOf(node), lines: length, limit: FUNCTION_LIMIT });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const targets = process.argv.length > 2 ? process.argv.slice(2).map((t) => path.normalize(t)) : ROOTS;
const files = targets.flatMap(sourceFiles).filter((f) => under(f, ROOTS));
const over = files.flatMap(measure);
for (const o of over) console.log(`${o.where} ${o.what}: ${o.lines} lines (limit ${o.limit})`);
if (over.length > 0) {
  console.log('Split by meaning (DESIGN.md section 15): a file or function over its limit above.');
  process.exit(1);
}
