import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, messageArguments } from '@app/shared';
import { parse } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The catalogues' checks (DESIGN.md section 14): the same keys in every language, every message
// valid ICU with the same arguments as Uzbek's, every key used by the code, and no text shown to
// a person written in the code instead of a catalogue.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.resolve(HERE, '..');
const MESSAGES = path.join(HERE, 'messages');

/** Files that show text before any catalogue is loaded. */
const BEFORE_CATALOGUES = ['app/BootScreen.tsx'];

type Catalogue = Record<string, string>;

function readCatalogues(language: string): Map<string, Catalogue> {
  const dir = path.join(MESSAGES, language);
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => [f, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Catalogue]),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full === MESSAGES ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const uz = readCatalogues('uz');

describe('the message catalogues', () => {
  it('have the same files and keys in every language', () => {
    for (const language of LANGUAGES) {
      const catalogues = readCatalogues(language);
      expect([...catalogues.keys()], language).toEqual([...uz.keys()]);
      for (const [file, messages] of uz) {
        expect(Object.keys(catalogues.get(file) ?? {}).sort(), `${language}/${file}`).toEqual(
          Object.keys(messages).sort(),
        );
      }
    }
  });

  it('keep every key once across the namespaces, prefixed with its namespace', () => {
    const seen = new Map<string, string>();
    for (const [file, messages] of uz) {
      for (const key of Object.keys(messages)) {
        expect(seen.get(key), `${key} in ${file} and ${seen.get(key)}`).toBeUndefined();
        expect(key.startsWith(`${file.replace(/\.json$/, '')}.`), `${key} in ${file}`).toBe(true);
        seen.set(key, file);
      }
    }
  });

  it('hold valid ICU messages with the arguments of the Uzbek one', () => {
    for (const language of LANGUAGES) {
      for (const [file, messages] of readCatalogues(language)) {
        for (const [key, message] of Object.entries(messages)) {
          expect(typeof message, `${language} ${key}`).toBe('string');
          expect(message.trim(), `${language} ${key} is empty`).not.toBe('');
          const parsed = parse(message);
          const reference = parse(uz.get(file)?.[key] ?? '');
          expect([...messageArguments(parsed).all].sort(), `${language} ${key}`).toEqual(
            [...messageArguments(reference).all].sort(),
          );
        }
      }
    }
  });

  it('has no key that no code uses', () => {
    const code = sourceFiles(SRC)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unused = [...uz.values()]
      .flatMap((messages) => Object.keys(messages))
      .filter((key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});

/** Attributes whose string a person reads or hears. */
const SHOWN_ATTRIBUTES = new Set(['placeholder', 'title', 'aria-label', 'alt', 'label', 'description']);
const HAS_LETTERS = /\p{L}{2,}/u;

/**
 * The strings an expression shows: a literal itself, either branch of a condition, the operands
 * of `a || 'text'`, `a ?? 'text'`, `cond && 'text'`, and the fixed parts of a template.
 */
function shownStrings(expr: ts.Expression): string[] {
  if (ts.isParenthesizedExpression(expr)) return shownStrings(expr.expression);
  if (ts.isStringLiteralLike(expr)) return [expr.text];
  if (ts.isTemplateExpression(expr))
    return [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)];
  if (ts.isConditionalExpression(expr))
    return [...shownStrings(expr.whenTrue), ...shownStrings(expr.whenFalse)];
  if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownStrings(expr.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...shownStrings(expr.left), ...shownStrings(expr.right)];
  }
  return [];
}

/**
 * Texts written in a component instead of coming from a catalogue: JSX text, what a JSX child
 * expression shows, and the shown attributes.
 */
function literalTexts(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) found.push(node.text.trim());
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      found.push(...shownStrings(node.expression));
    }
    if (ts.isJsxAttribute(node) && SHOWN_ATTRIBUTES.has(node.name.getText(source))) {
      const init = node.initializer;
      if (init && ts.isStringLiteral(init)) found.push(init.text);
      if (init && ts.isJsxExpression(init) && init.expression) found.push(...shownStrings(init.expression));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // An ISO currency code (UZS) reads the same in every language.
  return found.filter((text) => HAS_LETTERS.test(text) && !/^\s*[A-Z]{3}\s*$/.test(text));
}

describe('the components', () => {
  it('show no text of their own: every text comes from a catalogue', () => {
    const exempt = new Set(BEFORE_CATALOGUES);
    const offending = sourceFiles(SRC)
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => ({ file: path.relative(SRC, f), texts: literalTexts(f) }))
      .filter(({ file, texts }) => texts.length > 0 && !exempt.has(file));
    expect(offending).toEqual([]);
  });
});
