import { z } from 'zod';
import { IsoDateSchema } from './audit.ts';
import { ProductTypeSchema, VariantRefSchema } from './catalog.ts';
import { IdSchema, OptionalText } from './common.ts';
import { StockVariantRefSchema, UnitMoneyInputSchema } from './inventory.ts';
import { QuantityInputSchema } from './offers.ts';
import { pageFields, reportPage, scopeFields, withPeriodRules } from './reports.ts';

// Recipes (DESIGN.md section 21): one contract for the server's validation, the catalogue's
// recipe page and the OpenAPI document. Quantities and amounts are decimal strings on the wire.

/** The most inputs one recipe version lists. */
export const RECIPE_MAX_INPUTS = 200;

/** An input: a variant and how much of it one unit of the output takes, in the input's unit. */
export const RecipeInputLineSchema = z.object({ variant: IdSchema, qty: QuantityInputSchema });
export type RecipeInputLine = z.input<typeof RecipeInputLineSchema>;

/** What a version says: its inputs, and labour and overhead per unit of output in a currency. */
export const RecipeVersionInputSchema = z.object({
  inputs: z
    .array(RecipeInputLineSchema)
    .min(1)
    .max(RECIPE_MAX_INPUTS)
    .refine((lines) => new Set(lines.map((l) => l.variant)).size === lines.length, {
      message: 'validation.production.input_once',
    }),
  overhead: UnitMoneyInputSchema.default('0'),
  /** The overhead's currency; UZS when missing. */
  currency: IdSchema.optional(),
  note: OptionalText(1000),
});
export type RecipeVersionInput = z.input<typeof RecipeVersionInputSchema>;

/** A new recipe: for a product (all its variants) or one of its variants (overriding the product's). */
export const RecipeCreateSchema = RecipeVersionInputSchema.extend({
  product: IdSchema,
  variant: IdSchema.nullish().transform((v) => v ?? null),
});
export type RecipeCreate = z.input<typeof RecipeCreateSchema>;

export const RecipeListQuerySchema = z.object({ product: IdSchema.optional() });

export const RecipeVersionParamsSchema = z.object({ id: IdSchema, version: IdSchema });

const RecipeProductSchema = z.object({ id: z.number(), label: z.string(), type: ProductTypeSchema });

/** An input as a version lists it, with its cost today (DESIGN.md section 21's estimate). */
export const RecipeInputSchema = z.object({
  line_no: z.number(),
  variant: VariantRefSchema,
  qty: z.string(),
  /** One unit's cost in UZS today: its last lot's, else its own recipe's estimate; null if neither. */
  unit_cost_uzs: z.string().nullable(),
});

export const RecipeVersionSchema = z.object({
  version: z.number(),
  overhead: z.string(),
  currency: z.number(),
  currency_code: z.string(),
  note: z.string(),
  created_by: z.object({ id: z.number(), email: z.string() }),
  created_at: z.string(),
  inputs: z.array(RecipeInputSchema),
  /** One unit of output at today's costs, in UZS: inputs + overhead; null where an input has no cost. */
  estimate_uzs: z.string().nullable(),
});
export type RecipeVersion = z.infer<typeof RecipeVersionSchema>;

export const RecipeSummarySchema = z.object({
  id: z.number(),
  product: RecipeProductSchema,
  /** Null: the product's recipe, for each of its variants without one of their own. */
  variant: VariantRefSchema.nullable(),
  current_version: z.number(),
  input_count: z.number(),
  updated_at: z.string(),
});
export type RecipeSummary = z.infer<typeof RecipeSummarySchema>;

/** A recipe's card: the version asked for (the current one by default) and every version's date. */
export const RecipeSchema = RecipeSummarySchema.omit({ input_count: true }).extend({
  version: RecipeVersionSchema,
  versions: z.array(z.object({ version: z.number(), created_at: z.string(), created_by: z.string() })),
});
export type Recipe = z.infer<typeof RecipeSchema>;

/**
 * A production order (DESIGN.md section 21): the output variant and quantity, made by its recipe's
 * current version; `inputs` gives the quantities actually used where they differ from the recipe's
 * (waste), each an input of that recipe. The currency is the output lot's (UZS when missing).
 */
export const ProductionOrderCreateSchema = z.object({
  output: IdSchema,
  qty: QuantityInputSchema,
  inputs: z
    .array(RecipeInputLineSchema)
    .max(RECIPE_MAX_INPUTS)
    .refine((lines) => new Set(lines.map((l) => l.variant)).size === lines.length, {
      message: 'validation.production.input_once',
    })
    .optional(),
  currency: IdSchema.optional(),
  date: IsoDateSchema.optional(),
  note: OptionalText(1000),
});
export type ProductionOrderCreate = z.input<typeof ProductionOrderCreateSchema>;
export const ProductionOrderUpdateSchema = ProductionOrderCreateSchema.partial();

/** The cost report (DESIGN.md section 21): each posted order, or each output variant over the period. */
export const PRODUCTION_COST_GROUPS = ['order', 'variant'] as const;
export const ProductionCostQuerySchema = withPeriodRules(
  z.object({ ...scopeFields, ...pageFields, group_by: z.enum(PRODUCTION_COST_GROUPS).default('order') }),
);
export type ProductionCostQuery = z.output<typeof ProductionCostQuerySchema>;

const costFigures = {
  /** The inputs' FIFO cost, each lot at the rate it recorded. */
  inputs_uzs: z.string(),
  overhead_uzs: z.string(),
  total_uzs: z.string(),
};
export const ProductionCostRowSchema = z.object({
  /** The order's id, or the variant's. */
  key: z.string(),
  /** An order's number, date and department; null for a variant's row. */
  number: z.string().nullable(),
  date: z.string().nullable(),
  department: z.string().nullable(),
  variant: StockVariantRefSchema,
  orders: z.number(),
  qty: z.string(),
  ...costFigures,
  /** total / qty, what one unit really cost. */
  unit_cost_uzs: z.string(),
  /** One unit by the recipe at today's costs (the order's version; a variant's recipe today); null where an input has no cost. */
  estimate_uzs: z.string().nullable(),
});
export type ProductionCostRow = z.infer<typeof ProductionCostRowSchema>;
export const ProductionCostReportSchema = reportPage(ProductionCostRowSchema, z.object(costFigures));
export type ProductionCostReport = z.infer<typeof ProductionCostReportSchema>;
