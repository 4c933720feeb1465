import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** What a column's Kysely type says a query reads from it. */
export interface TypedColumn {
  /** The kinds of its select type besides null: 'number', 'string', 'Date', 'unknown', ... */
  kinds: string[];
  nullable: boolean;
  /** An insert may leave it out (Generated, or an insert type that admits undefined). */
  optionalOnInsert: boolean;
}

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMA_FILE = path.join(SERVER_DIR, 'src/db/schema.ts');

function kindOf(checker: ts.TypeChecker, type: ts.Type): string {
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (type.flags & ts.TypeFlags.BigIntLike) return 'bigint';
  if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return 'unknown';
  if (checker.isArrayType(type)) return 'array';
  if (type.getSymbol()?.getName() === 'Date') return 'Date';
  if (type.flags & ts.TypeFlags.Object) return 'object';
  return checker.typeToString(type);
}

function membersOf(type: ts.Type): ts.Type[] {
  return type.isUnion() ? type.types : [type];
}

/**
 * The members of a column's select or insert type. Kysely's ColumnType<S, I, U> carries its three
 * types as phantom properties; a plain type is all three, and `Numeric | null` mixes both.
 */
function phantom(checker: ts.TypeChecker, type: ts.Type, name: '__select__' | '__insert__'): ts.Type[] {
  return membersOf(type).flatMap((member) => {
    const property = member.getProperty(name);
    return property ? membersOf(checker.getTypeOfSymbol(property)) : [member];
  });
}

/**
 * Reads the `DB` interface of src/db/schema.ts with the TypeScript compiler: every table the
 * types declare and, per column, what its select type admits. Types, not a copy of them: a
 * change to a tables/*.ts file is seen here without anything to update.
 */
export function readTableTypes(): Map<string, Map<string, TypedColumn>> {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(SERVER_DIR, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error('apps/server/tsconfig.json could not be read');
  const program = ts.createProgram([SCHEMA_FILE], config.options);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const dbSymbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.getName() === 'DB');
  if (!dbSymbol) throw new Error('src/db/schema.ts exports no DB interface');

  const tables = new Map<string, Map<string, TypedColumn>>();
  for (const table of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(dbSymbol))) {
    const columns = new Map<string, TypedColumn>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const declared = checker.getTypeOfSymbol(column);
      const selected = phantom(checker, declared, '__select__');
      const kinds = new Set(
        selected.filter((t) => !(t.flags & ts.TypeFlags.Null)).map((t) => kindOf(checker, t)),
      );
      columns.set(column.getName(), {
        kinds: [...kinds].sort(),
        // `unknown` admits null as well.
        nullable: selected.some(
          (t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Unknown | ts.TypeFlags.Any),
        ),
        optionalOnInsert: phantom(checker, declared, '__insert__').some(
          (t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Never),
        ),
      });
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}
