import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresQueryCompiler,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { type AllowedStatement, TENANT_GUARD_ALLOWED } from './tenant-guard-allowed.ts';

/**
 * Ready to shard (DESIGN.md section 24): every statement the server sends that names a
 * business-owned table names `business_id` too, so each can be routed to its business's shard.
 * The API tier runs the server's database handle through this plugin (test/harness.ts), which
 * compiles each statement and refuses (throws: the request answers 500 and its test fails) one
 * that reads or writes a table of TENANT_TABLES without comparing or writing business_id
 * (filtersByBusiness).
 *
 * The check is textual, over the compiled SQL: it does not prove that every table of a join is
 * filtered by the same business (a join on the parent's id with only the parent filtered passes),
 * and it never sees the statements inside the SQL functions (money_post, money_apply, the
 * triggers): those are read by hand (docs/scaling.md). TENANT_GUARD_ALLOWED (test/tenant-guard-allowed.ts)
 * lists the statements let through, each with its file, table and reason.
 */

/** Every table and view with a business_id column (checked against the schema by tenant-guard.test.ts). */
export const TENANT_TABLES: readonly string[] = [
  'audit_log',
  'balances',
  'business_currencies',
  'cash_shift_amounts',
  'cash_shifts',
  'colors',
  'conversation_members',
  'conversations',
  'counterparties',
  'currency_rates',
  'debt_payments',
  'debts',
  'document_counters',
  'document_lines',
  'document_payments',
  'documents',
  'event_views',
  'events',
  'idempotency_keys',
  'import_rows',
  'imports',
  'invitations',
  'locations',
  'messages',
  'money_daily',
  'money_transactions',
  'money_tx_counts',
  'notifications',
  'offer_item_lines',
  'offer_money_lines',
  'offer_views',
  'offers',
  'password_reset_tokens',
  'price_types',
  'products',
  'recipe_inputs',
  'recipe_versions',
  'recipes',
  'refresh_tokens',
  'sales_daily',
  'sales_day_totals',
  'sales_product_months',
  'sales_totals',
  'sales_variant_months',
  'sizes',
  'stock_balances',
  'stock_daily',
  'stock_daily_totals',
  'stock_entries',
  'stock_exits',
  'stock_lots',
  'stock_moves',
  'stock_variant_totals',
  'telegram_link_codes',
  'units',
  'users',
  'variant_prices',
  'variants',
];

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const compiler = new PostgresQueryCompiler();

/** The tenant tables a statement reads or writes: the names after FROM, JOIN, INTO, UPDATE (and a FROM list's). */
export function tenantTablesOf(text: string, tables: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  const re = /\b(?:from|join|into|update|,)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
  for (const m of text.matchAll(re)) {
    const name = m[1]?.toLowerCase() ?? '';
    if (tables.has(name)) found.add(name);
  }
  return [...found].sort();
}

/**
 * Whether a statement compares business_id (a filter, a join condition) or writes it (an INSERT's
 * column): business_id only in a select list does not count.
 */
export function filtersByBusiness(text: string): boolean {
  return (
    /\bbusiness_id"?\s*(=|<>|!=|\bin\b|\bis\b)/i.test(text) ||
    /(=|\bin\b)\s*\(?\s*("?[a-z_][a-z0-9_]*"?\.)?"?business_id\b/i.test(text) ||
    /\binsert\s+into\s+"?[a-z_]+"?\s*(as\s+"?[a-z_]+"?\s*)?\([^)]*\bbusiness_id\b/i.test(text)
  );
}

/** The first frame of the server's own code (apps/server/src/...) in a stack, relative to src/. */
function callerFile(stack: string): string {
  for (const line of stack.split('\n').slice(1)) {
    const m = /\(?((?:file:\/\/)?\/[^():]+):\d+:\d+\)?$/.exec(line.trim());
    const file = m?.[1]?.replace(/^file:\/\//, '');
    if (!file?.startsWith(SERVER_SRC) || file.includes('node_modules')) continue;
    return path.relative(SERVER_SRC, file);
  }
  return '(unknown)';
}

export class TenantGuardError extends Error {}

export interface TenantGuardOptions {
  tables?: readonly string[];
  allowed?: readonly AllowedStatement[];
  /**
   * A file to append each statement without business_id to (allowed or not) as a JSON line,
   * instead of throwing: what is left, to count and to list.
   */
  recordTo?: string | undefined;
  /** A file to append each use of an allow-list entry to (an entry never used is stale). */
  usedTo?: string | undefined;
}

/** The plugin (test-only): refuses a statement on a tenant table without business_id in it. */
export function tenantGuard(options: TenantGuardOptions = {}): KyselyPlugin {
  const tables = new Set(options.tables ?? TENANT_TABLES);
  const allowed = options.allowed ?? TENANT_GUARD_ALLOWED;
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const text = compiler.compileQuery(args.node, args.queryId).sql;
      if (filtersByBusiness(text)) return args.node;
      const named = tenantTablesOf(text, tables);
      if (named.length === 0) return args.node;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 40;
      const file = callerFile(new Error().stack ?? '');
      Error.stackTraceLimit = limit;
      const left = named.filter((table) => !allowed.some((a) => a.file === file && a.table === table));
      if (options.usedTo && left.length < named.length)
        appendFileSync(
          options.usedTo,
          `${JSON.stringify({ file, tables: named.filter((t) => !left.includes(t)) })}\n`,
        );
      const refusal = {
        file,
        tables: options.recordTo ? named : left,
        sql: text.replace(/\s+/g, ' ').slice(0, 400),
      };
      if (options.recordTo) {
        appendFileSync(options.recordTo, `${JSON.stringify(refusal)}\n`);
        return args.node;
      }
      if (left.length === 0) return args.node;
      throw new TenantGuardError(
        `tenant guard (DESIGN.md section 24): ${file} names ${left.join(', ')} without business_id: ${refusal.sql}`,
      );
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
}
