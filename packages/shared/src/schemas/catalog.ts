import { z } from 'zod';
import { barcodeKind } from '../barcode.ts';
import {
  HEX_COLOR_PATTERN,
  PRODUCT_TYPES,
  QUANTITY_SCALE,
  RATE_SCALE,
  UNIT_MEASURES,
  VARIANT_PICKER_MAX_RESULTS,
} from '../constants.ts';
import { D, DECIMAL_PATTERN } from '../money.ts';
import { DecimalInputSchema, IdSchema, OptionalRefSchema, RequiredText, searchText, text } from './common.ts';

// The catalogue contract (spec.md sections 3, 5 and 7; DESIGN.md sections 3 and 4): one definition
// for the server's validation, the web forms and the OpenAPI document.

/**
 * Product code: a number (DESIGN.md section 3), given as a number or a digit string. BIGINT on
 * the server, kept below 2^53 so it stays exact as a JSON number.
 */
export const ProductCodeSchema = z
  .union([z.number(), z.string()], { message: 'validation.catalog.valid_integer_required' })
  .transform((v) => (typeof v === 'string' ? v.trim() : v))
  .refine((v) => (typeof v === 'number' ? Number.isInteger(v) : /^\d{1,15}$/.test(v)), {
    message: 'validation.catalog.valid_integer_required',
  })
  .transform((v) => Number(v))
  .refine((v) => v >= 0 && v <= Number.MAX_SAFE_INTEGER, {
    message: 'validation.catalog.ensure_value_whole_number_0',
  });

export const ProductTypeSchema = z.enum(PRODUCT_TYPES, {
  message: 'validation.catalog.choose_raw_semi_or_finished',
});
export const UnitMeasureSchema = z.enum(UNIT_MEASURES, { message: 'validation.catalog.choose_kg_m_or_d' });

// ---------------------------------------------------------------------------------------------
// Products

export const ProductCreateSchema = z.object({
  name: RequiredText(200),
  model: RequiredText(200),
  code: ProductCodeSchema,
  unit: IdSchema,
  type: ProductTypeSchema,
});
export type ProductCreate = z.input<typeof ProductCreateSchema>;
export const ProductUpdateSchema = ProductCreateSchema.partial();
export type ProductUpdate = z.input<typeof ProductUpdateSchema>;

export const ProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  model: z.string(),
  code: z.number(),
  unit: z.number(),
  unit_name: z.string(),
  type: ProductTypeSchema,
  type_display: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListQuerySchema = z.object({ type: ProductTypeSchema.optional() });

// ---------------------------------------------------------------------------------------------
// Variants

/**
 * A variant's low-stock threshold (DESIGN.md section 11): a quantity of at most 3 decimals, at
 * least 0; '' and null mean none.
 */
export const MinQtySchema = z
  .union([z.literal('').transform(() => null), z.null(), DecimalInputSchema])
  .refine((v) => v === null || new D(v).gte(0), {
    message: 'validation.catalog.ensure_value_greater_than_or',
  })
  .refine((v) => v === null || new D(v).decimalPlaces() <= QUANTITY_SCALE, {
    message: 'validation.catalog.use_at_most_3_decimal',
  })
  .refine((v) => v === null || new D(v).lt('1000000000000000'), {
    message: 'validation.catalog.quantity_too_large',
  });

/**
 * A variant's barcode (DESIGN.md section 18): EAN-13, EAN-8 or UPC-A with a valid check digit, or
 * Code 128 text; '' and null mean none.
 */
export const BarcodeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v),
  z
    .string({ message: 'validation.catalog.barcode_invalid' })
    .superRefine((code, ctx) => {
      const kind = barcodeKind(code);
      if (kind === 'bad_check_digit')
        ctx.addIssue({ code: 'custom', message: 'validation.catalog.barcode_check_digit' });
      else if (kind === 'invalid')
        ctx.addIssue({ code: 'custom', message: 'validation.catalog.barcode_invalid' });
    })
    .nullable(),
);

export const VariantCreateSchema = z.object({
  product: IdSchema,
  sku: RequiredText(100),
  barcode: BarcodeSchema.optional().transform((v) => v ?? null),
  color: OptionalRefSchema.optional().transform((v) => v ?? null),
  size: OptionalRefSchema.optional().transform((v) => v ?? null),
  min_qty: MinQtySchema.optional().transform((v) => v ?? null),
});
export type VariantCreate = z.input<typeof VariantCreateSchema>;
/** spec.md section 7: a variant is updated with sku, colour and size. */
export const VariantUpdateSchema = z.object({
  sku: RequiredText(100).optional(),
  barcode: BarcodeSchema.optional(),
  color: OptionalRefSchema.optional(),
  size: OptionalRefSchema.optional(),
  min_qty: MinQtySchema.optional(),
});
export type VariantUpdate = z.input<typeof VariantUpdateSchema>;

/** The variant object other modules embed (DESIGN.md section 4). */
export const VariantRefSchema = z.object({
  id: z.number(),
  sku: z.string(),
  label: z.string(),
  product: z.number(),
  product_code: z.number(),
  color_name: z.string().nullable(),
  color_code: z.string().nullable(),
  size_label: z.string().nullable(),
  /** The product's unit of measure, so a quantity shows it ("12.5 m"; DESIGN.md section 16). */
  unit: z.enum(UNIT_MEASURES),
});
export type VariantRef = z.infer<typeof VariantRefSchema>;

export const VariantSchema = VariantRefSchema.extend({
  color: z.number().nullable(),
  size: z.number().nullable(),
  product_name: z.string(),
  /** The low-stock threshold, "2.000", or null (DESIGN.md section 11). */
  min_qty: z.string().nullable(),
  /** EAN-13, EAN-8, UPC-A or Code 128 text, or null (DESIGN.md section 18). */
  barcode: z.string().nullable(),
  /**
   * Only in the answer to `?barcode=` of a scale's weight code: the quantity it weighed (kg, for
   * the business setting `weight`) or the price it carries (UZS, for `price`).
   */
  scanned: z.object({ qty: z.string().nullable(), price: z.string().nullable() }).optional(),
});
export type Variant = z.infer<typeof VariantSchema>;

/** POST api/catalog/variants/barcodes/: in-store codes for these variants (those without one). */
export const BarcodeGenerateSchema = z.object({
  variants: z.array(IdSchema).min(1, { message: 'validation.catalog.choose_variants' }).max(1000),
});
export type BarcodeGenerate = z.input<typeof BarcodeGenerateSchema>;

/** The label sheets and tags `POST api/catalog/labels/` draws (DESIGN.md section 18). */
export const LABEL_TEMPLATES = ['58x40', '40x30', 'A4-3x8'] as const;
export type LabelTemplate = (typeof LABEL_TEMPLATES)[number];
/** The most labels one PDF holds. */
export const LABELS_MAX_COPIES = 2000;

export const LabelsRequestSchema = z.object({
  items: z
    .array(
      z.object({
        variant: IdSchema,
        copies: z.coerce
          .number({ message: 'validation.catalog.valid_integer_required' })
          .int({ message: 'validation.catalog.valid_integer_required' })
          .min(1, { message: 'validation.catalog.valid_integer_required' })
          .max(LABELS_MAX_COPIES, { message: 'validation.catalog.too_many_labels' }),
      }),
    )
    .min(1, { message: 'validation.catalog.choose_variants' })
    .refine((items) => items.reduce((n, i) => n + i.copies, 0) <= LABELS_MAX_COPIES, {
      message: 'validation.catalog.too_many_labels',
    }),
  template: z.enum(LABEL_TEMPLATES, { message: 'validation.catalog.choose_label_template' }),
  /** The price type whose price the labels show (section 19); until price types exist, none. */
  price_type: IdSchema.nullable().optional(),
});
export type LabelsRequest = z.input<typeof LabelsRequestSchema>;

export const VARIANT_LIST_MAX_LIMIT = 1000;

export const VariantListQuerySchema = z.object({
  search: searchText().trim().max(100).optional(),
  /** Exact: the variant of this code, or of a scale's weight code (DESIGN.md section 18). */
  barcode: searchText().trim().max(48).optional(),
  type: ProductTypeSchema.optional(),
  product: IdSchema.optional(),
  limit: z.coerce
    .number({ message: 'validation.catalog.valid_integer_required' })
    .int({ message: 'validation.catalog.valid_integer_required' })
    .min(1)
    .max(VARIANT_LIST_MAX_LIMIT)
    .optional(),
});
export type VariantListQuery = z.input<typeof VariantListQuerySchema>;
/** The form pickers ask for this many (spec.md section 9). */
export const VARIANT_SEARCH_LIMIT = VARIANT_PICKER_MAX_RESULTS;

// ---------------------------------------------------------------------------------------------
// Units, sizes, colours (PUT replaces the whole row, so one schema serves create and update)

/** spec.md section 5: the fixed rate falls back to 0; the server refuses a non-number. */
export const FixedRateSchema = DecimalInputSchema.superRefine((v, ctx) => {
  // DecimalInputSchema's own check does not abort, so a non-number still arrives here.
  if (!DECIMAL_PATTERN.test(v)) return;
  const rate = new D(v);
  if (rate.lt(0))
    ctx.addIssue({ code: 'custom', message: 'validation.catalog.ensure_value_greater_than_or' });
  else if (rate.decimalPlaces() > RATE_SCALE)
    ctx.addIssue({
      code: 'custom',
      message: 'validation.catalog.max_6_decimals',
    });
  else if (rate.gte('1e14'))
    ctx.addIssue({
      code: 'custom',
      message: 'validation.catalog.max_14_integer_digits',
    });
});

export const UnitWriteSchema = z.object({
  name: RequiredText(100),
  measure: UnitMeasureSchema,
  fixed_rate_to_base: FixedRateSchema.optional().transform((v) => v ?? '0'),
});
export type UnitWrite = z.input<typeof UnitWriteSchema>;
export const UnitSchema = z.object({
  id: z.number(),
  name: z.string(),
  measure: UnitMeasureSchema,
  measure_display: z.string(),
  fixed_rate_to_base: z.string(),
});
export type Unit = z.infer<typeof UnitSchema>;

export const SizeWriteSchema = z.object({
  size: RequiredText(50),
  label: text()
    .trim()
    .max(100, { message: 'validation.catalog.max_100_characters' })
    .nullish()
    .transform((v) => v ?? ''),
});
export type SizeWrite = z.input<typeof SizeWriteSchema>;
export const SizeSchema = z.object({ id: z.number(), size: z.string(), label: z.string() });
export type Size = z.infer<typeof SizeSchema>;

export const ColorWriteSchema = z.object({
  name: RequiredText(100),
  code: RequiredText(20).refine((v) => HEX_COLOR_PATTERN.test(v), {
    message: 'validation.catalog.enter_6_digit_hex_colour',
  }),
});
export type ColorWrite = z.input<typeof ColorWriteSchema>;
export const ColorSchema = z.object({ id: z.number(), name: z.string(), code: z.string() });
export type Color = z.infer<typeof ColorSchema>;

/** DESIGN.md section 10, Locations: what kind of place stock is kept or sold in. */
export const LOCATION_KINDS = ['WAREHOUSE', 'SHOP', 'MARKET', 'WORKSHOP', 'OTHER'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/**
 * A location's write body (POST, and PUT, which replaces it). Its name is what stock entries and
 * exits record in their `location` text, so it keeps their limit of 200 characters.
 */
export const LocationWriteSchema = z.object({
  name: RequiredText(200),
  kind: z.enum(LOCATION_KINDS, { message: 'validation.catalog.choose_warehouse_shop_market_workshop' }),
  address: text()
    .trim()
    .max(500, { message: 'validation.catalog.max_500_characters' })
    .nullish()
    .transform((v) => v ?? ''),
  is_active: z.boolean({ message: 'validation.catalog.must_valid_boolean' }).default(true),
});
export type LocationWrite = z.input<typeof LocationWriteSchema>;
export const LocationSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  address: z.string(),
  is_active: z.boolean(),
});
export type Location = z.infer<typeof LocationSchema>;

// ---------------------------------------------------------------------------------------------
// Price types and prices (DESIGN.md section 19): a business's price lists (Chakana, Ulgurji), each
// in one currency, one of them the default; a variant's price in each.

export const PriceTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  currency: z.number(),
  currency_code: z.string(),
  is_default: z.boolean(),
});
export type PriceType = z.infer<typeof PriceTypeSchema>;

export const PriceTypeCreateSchema = z.object({
  name: RequiredText(100),
  currency: IdSchema,
  is_default: z.boolean().optional().default(false),
});
export type PriceTypeCreate = z.input<typeof PriceTypeCreateSchema>;
export const PriceTypeUpdateSchema = z.object({
  name: RequiredText(100).optional(),
  currency: IdSchema.optional(),
  /** Only `true`: a business keeps one default; making another the default replaces it. */
  is_default: z.literal(true, { message: 'validation.catalog.default_price_type_stays' }).optional(),
});
export type PriceTypeUpdate = z.input<typeof PriceTypeUpdateSchema>;

/** A price: at least 0, at most 2 decimals. */
export const PriceInputSchema = DecimalInputSchema.refine((v) => new D(v).gte(0), {
  message: 'validation.catalog.price_not_negative',
})
  .refine((v) => new D(v).decimalPlaces() <= 2, { message: 'validation.catalog.price_two_decimals' })
  .refine((v) => new D(v).lt('1000000000000000000'), { message: 'validation.catalog.price_too_large' });

export const VariantPriceSchema = z.object({ price_type: z.number(), price: z.string() });
export type VariantPrice = z.infer<typeof VariantPriceSchema>;
/** GET and PUT api/catalog/variants/{id}/prices/: the variant's price in each price list. */
export const VariantPricesSchema = z.object({ prices: z.array(VariantPriceSchema) });

/** The most variants one `GET api/catalog/variant-prices/` answers. */
export const VARIANT_PRICES_MAX = 500;
/**
 * GET api/catalog/variant-prices/?variants=1,2,3: many variants' prices in one call (the offline
 * counter keeps the seller's, DESIGN.md section 23), the ids comma-separated.
 */
export const VariantPricesQuerySchema = z.object({
  variants: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',') : v),
    z.array(IdSchema).min(1, { message: 'validation.catalog.choose_variants' }).max(VARIANT_PRICES_MAX),
  ),
});
/** Each asked variant of the business with its price in each price list (none: an empty list). */
export const VariantPricesListSchema = z.object({
  variants: z.array(z.object({ variant: z.number(), prices: z.array(VariantPriceSchema) })),
});

/** PUT api/catalog/variants/{id}/prices/: the prices given are set; a null price removes one. */
export const VariantPricesWriteSchema = z.object({
  prices: z
    .array(
      z.object({
        price_type: IdSchema,
        price: z.preprocess((v) => (v === '' ? null : v), PriceInputSchema.nullable()),
      }),
    )
    .max(100),
});
export type VariantPricesWrite = z.input<typeof VariantPricesWriteSchema>;
