import { sql } from 'kysely';
import type { Database } from '../src/db/connection.ts';
import type { BenchContext } from './context.ts';
import { type Measurement, measure } from './measure.ts';

// A bar of docs/benchmarks.md: a business with 5,000 products and 20,000 variants; the bar is a variant search
// (?search=<2-3 chars>&limit=20, as the form pickers ask: spec.md section 9) under 25 ms at p95.

const PRODUCTS = 5_000;
const VARIANTS = 20_000;
const NAMES = [
  "Ko'ylak",
  'Shim',
  'Futbolka',
  'Kurtka',
  'Paxta mato',
  'Jinsi mato',
  'Ip',
  'Tugma',
  'Molniya',
  'Sviter',
  'Palto',
  'Yubka',
  'Ro`mol',
  'Trikotaj',
  'Kalava',
  'Astar',
];
/** 2-3 characters, as typed into a picker: common, rarer and absent fragments mixed. */
const SEARCH_TERMS = [
  'ko',
  'sh',
  'fut',
  'ma',
  'ip',
  'tu',
  'mol',
  'qiz',
  '48',
  'xl',
  'sku',
  '12',
  'ast',
  'zz',
  'q7',
];

/** A business's three units, eight colours and six sizes: the catalogue and reports benches' own. */
export async function seedAttributes(db: Database, businessId: number): Promise<void> {
  const b = sql.lit(businessId);
  await sql`INSERT INTO units (business_id, name, measure, fixed_rate_to_base)
    VALUES (${b}, 'Dona', 'D', 1), (${b}, 'Metr', 'M', 1), (${b}, 'Kilogramm', 'KG', 1)`.execute(db);
  await sql`INSERT INTO colors (business_id, name, code)
    SELECT ${b}, c.name, c.code FROM (VALUES ('Oq', '#FFFFFF'), ('Qora', '#111827'), ('Qizil', '#DC2626'),
      ('Yashil', '#15803D'), ('Ko''k', '#1D4ED8'), ('Kulrang', '#6B7280'), ('Bej', '#D6C7A1'), ('Sariq', '#EAB308')) AS c(name, code)`.execute(
    db,
  );
  await sql`INSERT INTO sizes (business_id, size, label)
    SELECT ${b}, s.size, s.label FROM (VALUES ('44','XS'), ('46','S'), ('48','M'), ('50','L'), ('52','XL'), ('54','XXL')) AS s(size, label)`.execute(
    db,
  );
}

/** Multi-row INSERT ... SELECT from generate_series: the whole catalogue in a few statements. */

async function seedBigCatalog(ctx: BenchContext, businessId: number): Promise<void> {
  const db = ctx.db;
  await seedAttributes(db, businessId);
  await sql`INSERT INTO products (business_id, name, model, code, unit_id, type)
    SELECT ${businessId}, (${sql.val(NAMES)}::text[])[1 + i % ${NAMES.length}] || ' ' || i, 'M-' || (i * 7 % 1000),
      100000 + i, (SELECT min(id) FROM units WHERE business_id = ${businessId}) + i % 3,
      (ARRAY['RAW','SEMI','FINISHED'])[1 + i % 3]
    FROM generate_series(1, ${PRODUCTS}) AS i`.execute(db);
  await sql`INSERT INTO variants (business_id, product_id, sku, color_id, size_id)
    SELECT ${businessId}, p.first + (i - 1) % ${PRODUCTS}, 'SKU-' || lpad(i::text, 6, '0'),
      CASE WHEN i % 5 = 0 THEN NULL ELSE c.first + i % 8 END,
      CASE WHEN i % 4 = 0 THEN NULL ELSE s.first + i % 6 END
    FROM generate_series(1, ${VARIANTS}) AS i,
      (SELECT min(id) AS first FROM products WHERE business_id = ${businessId}) p,
      (SELECT min(id) AS first FROM colors WHERE business_id = ${businessId}) c,
      (SELECT min(id) AS first FROM sizes WHERE business_id = ${businessId}) s`.execute(db);
  await sql`ANALYZE units, colors, sizes, products, variants`.execute(db);
}

export async function benchCatalog(ctx: BenchContext): Promise<Measurement[]> {
  const started = Date.now();
  const { businessId, tokens } = await ctx.createBusinessWithUsers(['Omborchi']);
  await seedBigCatalog(ctx, businessId);
  console.log(`  seeded ${PRODUCTS} products and ${VARIANTS} variants in ${Date.now() - started} ms`);
  const token = tokens.Omborchi;
  const searches = SEARCH_TERMS.map((q) => `/api/catalog/variants/?search=${encodeURIComponent(q)}&limit=20`);
  // A short warm-up so the first measurement does not pay for cold caches and JIT.
  await measure({ title: 'warm-up', url: ctx.url, token, paths: searches, durationSeconds: 2 });
  return [
    await measure({
      title: 'GET catalog/variants/?search=<2-3 chars>&limit=20',
      url: ctx.url,
      token,
      paths: searches,
    }),
    await measure({
      title: 'GET catalog/products/ (all 5,000)',
      url: ctx.url,
      token,
      paths: '/api/catalog/products/',
    }),
    await measure({
      title: 'GET catalog/products/?type=RAW (1,667)',
      url: ctx.url,
      token,
      paths: '/api/catalog/products/?type=RAW',
    }),
  ];
}
