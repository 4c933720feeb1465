import type { ProductType, UnitMeasure } from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { DemoCore } from './core.ts';

// The demo catalogue (DESIGN.md section 2): a textile and garment business in Uzbekistan with
// units of all three measures, sizes, colours, and products of every type with variants. Runs
// first among the module seeds: stock and offers hold these variants.

const UNITS: Array<[string, UnitMeasure, string]> = [
  ['Kilogramm', 'KG', '1'],
  ['Gramm', 'KG', '0.001'],
  ['Metr', 'M', '1'],
  ['Santimetr', 'M', '0.01'],
  ['Dona', 'D', '1'],
  ["O'ram (100 dona)", 'D', '100'],
];

const SIZES: Array<[string, string]> = [
  ['44', 'XS'],
  ['46', 'S'],
  ['48', 'M'],
  ['50', 'L'],
  ['52', 'XL'],
  ['54', 'XXL'],
  ['Standart', ''],
];

const COLORS: Array<[string, string]> = [
  ['Oq', '#FFFFFF'],
  ['Qora', '#111827'],
  ["To'q ko'k", '#1E3A8A'],
  ['Qizil', '#DC2626'],
  ['Yashil', '#15803D'],
  ['Kulrang', '#6B7280'],
  ['Bej', '#D6C7A1'],
  ['Sariq', '#EAB308'],
];

interface DemoProduct {
  name: string;
  model: string;
  code: number;
  unit: string;
  type: ProductType;
  /** Indexes into COLORS and SIZES; each pair is one variant. */
  colors: number[];
  sizes: number[];
  sku: string;
}

const PRODUCTS: DemoProduct[] = [
  {
    name: 'Paxta mato',
    model: 'Bo‘z 150',
    code: 1001,
    unit: 'Metr',
    type: 'RAW',
    colors: [0, 6],
    sizes: [],
    sku: 'PM150',
  },
  {
    name: 'Jinsi mato',
    model: 'Denim 12oz',
    code: 1002,
    unit: 'Metr',
    type: 'RAW',
    colors: [2, 1],
    sizes: [],
    sku: 'DN12',
  },
  {
    name: 'Ip',
    model: 'Poliester 40/2',
    code: 1003,
    unit: 'Kilogramm',
    type: 'RAW',
    colors: [0, 1, 3],
    sizes: [],
    sku: 'IP402',
  },
  {
    name: 'Tugma',
    model: 'TG-15 mm',
    code: 1004,
    unit: "O'ram (100 dona)",
    type: 'RAW',
    colors: [0, 1],
    sizes: [],
    sku: 'TG15',
  },
  {
    name: 'Molniya',
    model: 'YKK 18 sm',
    code: 1005,
    unit: 'Dona',
    type: 'RAW',
    colors: [1, 2],
    sizes: [],
    sku: 'ML18',
  },
  {
    name: "Bo'yalgan mato",
    model: 'Trikotaj 180',
    code: 2001,
    unit: 'Metr',
    type: 'SEMI',
    colors: [2, 4, 5],
    sizes: [],
    sku: 'BM180',
  },
  {
    name: "Bichilgan ko'ylak detali",
    model: 'KD-01',
    code: 2002,
    unit: 'Dona',
    type: 'SEMI',
    colors: [0],
    sizes: [2, 3],
    sku: 'KD01',
  },
  {
    name: "Ko'ylak",
    model: 'Klassik KL-01',
    code: 3001,
    unit: 'Dona',
    type: 'FINISHED',
    colors: [0, 2],
    sizes: [1, 2, 3, 4],
    sku: 'KL01',
  },
  {
    name: 'Shim',
    model: 'Jinsi SH-05',
    code: 3002,
    unit: 'Dona',
    type: 'FINISHED',
    colors: [2, 1],
    sizes: [2, 3, 4],
    sku: 'SH05',
  },
  {
    name: 'Futbolka',
    model: 'Polo FB-10',
    code: 3003,
    unit: 'Dona',
    type: 'FINISHED',
    colors: [0, 3, 4],
    sizes: [1, 2, 3],
    sku: 'FB10',
  },
  {
    name: 'Kurtka',
    model: 'Qishki KR-2',
    code: 3004,
    unit: 'Dona',
    type: 'FINISHED',
    colors: [1, 5],
    sizes: [3, 4, 5],
    sku: 'KR2',
  },
  {
    name: "Bolalar ko'ylagi",
    model: 'Mini BK-3',
    code: 3005,
    unit: 'Dona',
    type: 'FINISHED',
    colors: [7, 3],
    sizes: [0],
    sku: 'BK3',
  },
];

/** Colour and size codes in a SKU: "KL01-OQ-48". */
function skuPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 3)
    .toUpperCase();
}

/** DESIGN.md section 10: the places the demo stock is recorded at (seed/stock.ts names them). */
const LOCATIONS = [
  { name: 'Ombor A', kind: 'WAREHOUSE', address: "Toshkent, Yunusobod tumani, Bog'ishamol ko'chasi 12" },
  { name: 'Ombor B', kind: 'WAREHOUSE', address: 'Toshkent, Sergeli tumani', is_active: false },
  { name: 'Chorsu bozori', kind: 'MARKET', address: 'Toshkent, Eski shahar, Chorsu maydoni' },
] as const;

export async function seedCatalog(db: Database, core: DemoCore): Promise<void> {
  const businessId = core.businessId;
  await inTransaction(db, async (trx) => {
    const units = await trx
      .insertInto('units')
      .values(
        UNITS.map(([name, measure, rate]) => ({
          business_id: businessId,
          name,
          measure,
          fixed_rate_to_base: rate,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const sizes = await trx
      .insertInto('sizes')
      .values(SIZES.map(([size, label]) => ({ business_id: businessId, size, label })))
      .returning('id')
      .execute();
    const colors = await trx
      .insertInto('colors')
      .values(COLORS.map(([name, code]) => ({ business_id: businessId, name, code })))
      .returning('id')
      .execute();
    const unitId = new Map(units.map((u) => [u.name, u.id]));
    const products = await trx
      .insertInto('products')
      .values(
        PRODUCTS.map((p) => ({
          business_id: businessId,
          name: p.name,
          model: p.model,
          code: p.code,
          unit_id: unitId.get(p.unit) ?? 0,
          type: p.type,
        })),
      )
      .returning('id')
      .execute();
    const variants = PRODUCTS.flatMap((p, i) => {
      const sizeChoices: Array<number | null> = p.sizes.length > 0 ? p.sizes : [null];
      return p.colors.flatMap((c) =>
        sizeChoices.map((s) => ({
          business_id: businessId,
          product_id: products[i]?.id ?? 0,
          color_id: colors[c]?.id ?? null,
          size_id: s === null ? null : (sizes[s]?.id ?? null),
          sku: [p.sku, skuPart(COLORS[c]?.[0] ?? ''), s === null ? null : SIZES[s]?.[0]]
            .filter(Boolean)
            .join('-'),
        })),
      );
    });
    await trx.insertInto('variants').values(variants).execute();
    await trx
      .insertInto('locations')
      .values(LOCATIONS.map((l) => ({ business_id: businessId, ...l })))
      .execute();
  });
}
