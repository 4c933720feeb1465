import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The server's texts as the code writes them (DESIGN.md section 14), found in the source: the
// texts' catalogues (texts.test.ts) must hold exactly these keys. A text is the argument of an
// error helper (lib/errors.ts) or of `tr()` (e-mails), a zod `message`, an answer's `detail`, a
// notification's `title`/`body`, an audit row's `summary`, a ledger row's or a debt's `reason`, a
// value of a `*_TEXTS` record (Telegram, History changes), or an SQL `format()` of db/functions.
// A `${...}` part becomes `{name}`, named after the expression (`${subject.sku}` -> `{sku}`, a
// second different value of the same name `{sku2}`); a constant is written in. A helper a text
// comes from is followed when it is one expression (a conditional of whole texts, not `if`s).

/** The functions whose argument at this position is a text a person reads. */
const TEXT_ARGUMENTS: Record<string, number> = {
  badRequest: 0,
  conflict: 0,
  notFound: 0,
  forbidden: 0,
  unauthorized: 0,
  throttled: 1,
  fieldError: 1,
  AppError: 2,
  tr: 1,
};
/** zod's `message`, an answer's `detail`, a notification's `title` and `body` (an object with a `kind`)... */
function isTextProperty(name: string, object: ts.ObjectLiteralExpression): boolean {
  if (name === 'message' || name === 'detail') return true;
  // An audit row's summary (History) and a ledger row's or a debt's reason the code writes: read in
  // the reader's language too (@app/shared texts).
  const names = object.properties.map((p) => p.name?.getText());
  if (name === 'summary' && names.includes('action')) return true;
  if (name === 'reason' && names.includes('amount')) return true;
  return (name === 'title' || name === 'body') && object.properties.some((p) => p.name?.getText() === 'kind');
}

/** An expression that should have been read as text: a literal, a name, a choice or a sum of them. */
function isTextLike(e: ts.Expression): boolean {
  return (
    ts.isStringLiteral(e) ||
    ts.isTemplateExpression(e) ||
    ts.isIdentifier(e) ||
    ts.isConditionalExpression(e) ||
    ts.isBinaryExpression(e)
  );
}

export interface FoundText {
  text: string;
  where: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** A placeholder's name: the expression's last name (`subject.sku` -> sku, `from.join(..)` -> from). */
function placeholderName(e: ts.Expression): string {
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  // `STATUS_TEXTS[status]` -> status.
  if (ts.isElementAccessExpression(e)) return placeholderName(e.argumentExpression);
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e))
    return placeholderName(e.expression);
  if (ts.isBinaryExpression(e)) return placeholderName(e.left);
  if (ts.isCallExpression(e)) {
    const callee = e.expression;
    if (ts.isPropertyAccessExpression(callee)) {
      // `from.join(...)`, `x.toFixed()`: the object; `Math.max(a)`, `String(a)`: the argument.
      const object = callee.expression;
      if (ts.isIdentifier(object) && /^[A-Z]/.test(object.text) && e.arguments[0])
        return placeholderName(e.arguments[0]);
      return placeholderName(object);
    }
    if (ts.isIdentifier(callee) && /^[A-Z]/.test(callee.text) && e.arguments[0])
      return placeholderName(e.arguments[0]);
    return placeholderName(callee);
  }
  return 'value';
}

class Extractor {
  readonly found: FoundText[] = [];
  readonly unresolved: string[] = [];
  private readonly checker: ts.TypeChecker;

  constructor(private readonly program: ts.Program) {
    this.checker = program.getTypeChecker();
  }

  private where(node: ts.Node): string {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(process.cwd(), file.fileName)}:${line + 1}`;
  }

  private declarationOf(id: ts.Identifier): ts.Declaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(id);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  }

  /** A constant's value, when the expression is one (a literal or a const of one). */
  private constantOf(e: ts.Expression): string | undefined {
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e))
      return e.text;
    if (ts.isIdentifier(e)) {
      const decl = this.declarationOf(e);
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && isConst(decl))
        return this.constantOf(decl.initializer);
    }
    return undefined;
  }

  /** Every text an expression may be, with `{name}` for the parts only known at run time. */
  texts(e: ts.Expression, depth = 0): string[] | undefined {
    if (depth > 6) return undefined;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) return this.texts(e.expression, depth + 1);
    if (ts.isTemplateExpression(e)) {
      // One name per value: a name two different expressions share is numbered (code, code2).
      const named = new Map<string, string>();
      let text = e.head.text;
      for (const span of e.templateSpans) {
        const constant = this.constantOf(span.expression);
        if (constant === undefined) {
          const source = span.expression.getText();
          let name = placeholderName(span.expression);
          for (let n = 2; named.has(name) && named.get(name) !== source; n++)
            name = `${placeholderName(span.expression)}${n}`;
          named.set(name, source);
          text += `{${name}}`;
        } else text += constant;
        text += span.literal.text;
      }
      return [text];
    }
    if (ts.isConditionalExpression(e)) return this.either([e.whenTrue, e.whenFalse], depth);
    if (
      ts.isBinaryExpression(e) &&
      (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        e.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    )
      return this.either([e.left, e.right], depth);
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const [left, right] = [this.texts(e.left, depth + 1), this.texts(e.right, depth + 1)];
      return left && right ? left.flatMap((l) => right.map((r) => l + r)) : undefined;
    }
    if (ts.isIdentifier(e)) {
      if (e.text === 'undefined') return [];
      const decl = this.declarationOf(e);
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer)
        return this.texts(decl.initializer, depth + 1);
      if (decl && ts.isParameter(decl)) return this.fromCallers(decl, depth);
      return undefined;
    }
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
      // A record of texts (`WRONG_ACTOR[who]`, `START_TEXTS.privateOnly`): all its values or the one named.
      const object = ts.isIdentifier(e.expression) ? this.declarationOf(e.expression) : undefined;
      const literal =
        object && ts.isVariableDeclaration(object) && object.initializer
          ? unwrap(object.initializer)
          : undefined;
      if (literal && ts.isObjectLiteralExpression(literal)) {
        const name = ts.isPropertyAccessExpression(e) ? e.name.text : undefined;
        const props = literal.properties.filter(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && (name === undefined || p.name.getText() === name),
        );
        return this.either(
          props.map((p) => p.initializer),
          depth,
        );
      }
      return undefined;
    }
    if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
      // A local text helper (`missingRef(id)`): what it returns.
      const decl = this.declarationOf(e.expression);
      const body = decl && functionBody(decl);
      if (body) return this.texts(body, depth + 1);
    }
    return undefined;
  }

  private either(list: readonly ts.Expression[], depth: number): string[] | undefined {
    const all: string[] = [];
    for (const item of list) {
      const texts = this.texts(item, depth + 1);
      if (texts === undefined && isTextLike(item)) return undefined;
      all.push(...(texts ?? []));
    }
    return all;
  }

  /** A parameter's texts: what the calls of its function pass (`assertDistinct(ids, 'f', TEXT)`). */
  private fromCallers(param: ts.ParameterDeclaration, depth: number): string[] | undefined {
    const fn = param.parent;
    const index = fn.parameters.indexOf(param);
    const name = ts.isFunctionDeclaration(fn)
      ? fn.name
      : ts.isArrowFunction(fn) && ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)
        ? fn.parent.name
        : undefined;
    if (!name) return undefined;
    const symbol = this.checker.getSymbolAtLocation(name);
    const all: string[] = [];
    for (const file of this.program.getSourceFiles()) {
      if (file.isDeclarationFile) continue;
      const visit = (node: ts.Node): void => {
        if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          this.checker.getSymbolAtLocation(node.expression) === symbol
        ) {
          const arg = node.arguments[index];
          const texts = arg && this.texts(arg, depth + 1);
          if (texts) all.push(...texts);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
    return all;
  }

  private record(e: ts.Expression | undefined, node: ts.Node): void {
    if (!e) return;
    const texts = this.texts(e);
    // A value read from elsewhere (`n.title`, `z.string()`, `quote(text)`) is no text of the code's.
    if (texts === undefined && isTextLike(e)) this.unresolved.push(`${this.where(node)}: ${e.getText()}`);
    // A text with no word of its own ("{type}: {sku}, {qty}") is values only: nothing to translate.
    for (const text of texts ?? []) if (hasWords(text)) this.found.push({ text, where: this.where(node) });
  }

  visit(node: ts.Node): void {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression)) {
      const index = TEXT_ARGUMENTS[node.expression.text];
      const arg = index === undefined ? undefined : node.arguments?.[index];
      // Only a text: a parameter passed on (`throttled(seconds, detail)`) is its callers'.
      if (
        arg &&
        !(ts.isIdentifier(arg) && ts.isParameter(this.declarationOf(arg) ?? arg) && inErrorsModule(node))
      )
        this.record(arg, node);
    }
    if (ts.isPropertyAssignment(node) && isTextProperty(node.name.getText(), node.parent))
      this.record(node.initializer, node);
    if (ts.isShorthandPropertyAssignment(node) && isTextProperty(node.name.text, node.parent)) {
      // `{ message }`: the value of the name, a text helper's parameter (`filled(message)`).
      const decl = this.checker.getShorthandAssignmentValueSymbol(node)?.valueDeclaration;
      const texts = !decl
        ? undefined
        : ts.isParameter(decl)
          ? this.fromCallers(decl, 0)
          : ts.isVariableDeclaration(decl) && decl.initializer
            ? this.texts(decl.initializer)
            : undefined;
      for (const text of texts ?? []) this.found.push({ text, where: this.where(node) });
    }
    // A record of texts (`START_TEXTS = { hello: '...', linked: (email) => `...` }`).
    if (ts.isVariableDeclaration(node) && /_TEXTS$/.test(node.name.getText()) && node.initializer) {
      const visitRecord = (literal: ts.Expression): void => {
        if (!ts.isObjectLiteralExpression(literal)) return;
        for (const p of literal.properties) {
          if (!ts.isPropertyAssignment(p)) continue;
          const value = unwrap(p.initializer);
          if (ts.isObjectLiteralExpression(value)) visitRecord(value);
          else this.record(ts.isArrowFunction(value) ? arrowBody(value) : value, p);
        }
      };
      visitRecord(unwrap(node.initializer));
    }
    // The error helpers' default texts (`notFound = (detail = 'Not found.') => ...`).
    if (ts.isParameter(node) && node.initializer && inErrorsModule(node)) this.record(node.initializer, node);
    ts.forEachChild(node, (child) => this.visit(child));
  }
}

const inErrorsModule = (node: ts.Node) => node.getSourceFile().fileName.endsWith('/lib/errors.ts');

const hasWords = (text: string) => /\p{L}{2}/u.test(text.replace(/\{\w+\}/g, ''));

function unwrap(e: ts.Expression): ts.Expression {
  return ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e)
    ? unwrap(e.expression)
    : e;
}

function isConst(decl: ts.VariableDeclaration): boolean {
  return (ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) !== 0;
}

function arrowBody(fn: ts.ArrowFunction): ts.Expression | undefined {
  return ts.isBlock(fn.body) ? undefined : fn.body;
}

function functionBody(decl: ts.Declaration): ts.Expression | undefined {
  const fn =
    ts.isVariableDeclaration(decl) && decl.initializer && ts.isArrowFunction(decl.initializer)
      ? decl.initializer
      : ts.isFunctionDeclaration(decl)
        ? decl
        : undefined;
  if (!fn?.body) return undefined;
  if (!ts.isBlock(fn.body)) return fn.body;
  const [only] = fn.body.statements;
  return fn.body.statements.length === 1 && only && ts.isReturnStatement(only) ? only.expression : undefined;
}

/** SQL `format('... %s ...', a.b)` in db/functions: `%s` named after its argument. */
function sqlTexts(file: string): FoundText[] {
  const sql = readFileSync(file, 'utf8');
  const found: FoundText[] = [];
  for (const m of sql.matchAll(/format\('((?:[^']|'')*)'((?:,\s*[\w.]+)+)\)/g)) {
    const names = (m[2] ?? '')
      .split(',')
      .slice(1)
      .map((a) => a.trim().split('.').pop() ?? 'value');
    let i = 0;
    const text = (m[1] ?? '').replaceAll("''", "'").replace(/%s/g, () => `{${names[i++] ?? 'value'}}`);
    // '%s: %s' and the like join values; they are no text of ours.
    if (hasWords(text))
      found.push({
        text,
        where: `${path.relative(process.cwd(), file)}:${sql.slice(0, m.index).split('\n').length}`,
      });
  }
  return found;
}

/** The texts of the server and the shared package, and the expressions that could not be read. */
export function extractTexts(root: string): { found: FoundText[]; unresolved: string[] } {
  const dirs = [path.join(root, 'packages/shared/src'), path.join(root, 'apps/server/src')];
  const files = dirs
    .flatMap(sourceFiles)
    .filter((f) => !f.includes('/texts/') && !f.includes('/cli/seed/') && !f.endsWith('.fixtures.ts'));
  const program = ts.createProgram(files, {
    allowImportingTsExtensions: true,
    noEmit: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
  });
  const extractor = new Extractor(program);
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (source) extractor.visit(source);
  }
  const sqlDir = path.join(root, 'apps/server/src/db/functions');
  const sql = readdirSync(sqlDir).flatMap((f) => sqlTexts(path.join(sqlDir, f)));
  return { found: [...extractor.found, ...sql], unresolved: extractor.unresolved };
}
