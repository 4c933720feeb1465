import { z } from 'zod';
import { DEBT_DIRECTIONS, TX_TYPES, UNIT_MEASURES } from '../constants.ts';
import { IsoDateSchema } from './audit.ts';
import { BooleanQuerySchema, DataAsOfSchema, IdSchema } from './common.ts';

// Reports and the owner's dashboard (DESIGN.md section 11): one contract for the server's
// validation, the pages' filters and the OpenAPI document. Every amount is a decimal string; UZS
// figures are converted at the rate each ledger row recorded, the stock value at today's rates.

export const REPORT_FORMATS = ['json', 'csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Report tables are paginated like part two's lists (50 a page); a chart may ask for up to 1,000. */
export const REPORT_PAGE_SIZE = 50;
export const REPORT_PAGE_SIZE_MAX = 1000;
/** The longest period a report covers: ten years of days. */
export const REPORT_MAX_DAYS = 3660;

const dayCount = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** The filters every report shares: the period (business days, both inclusive) and the department. */
export const scopeFields = {
  date_from: IsoDateSchema.optional(),
  date_to: IsoDateSchema.optional(),
  department: IdSchema.optional(),
  format: z.enum(REPORT_FORMATS).default('json'),
};
export const pageFields = {
  page: z.string().optional(),
  page_size: z.coerce.number().int().min(1).max(REPORT_PAGE_SIZE_MAX).default(REPORT_PAGE_SIZE),
};

export function withPeriodRules<
  T extends z.ZodType<{ date_from?: string | undefined; date_to?: string | undefined }>,
>(schema: T) {
  return schema
    .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
      message: 'validation.audit.date_from_must_not_after',
      path: ['date_to'],
    })
    .refine((q) => !q.date_from || !q.date_to || dayCount(q.date_from, q.date_to) <= REPORT_MAX_DAYS, {
      message: 'validation.reports.report_can_cover_at_most',
      path: ['date_from'],
    });
}

export const DashboardQuerySchema = withPeriodRules(
  z.object({
    date_from: scopeFields.date_from,
    date_to: scopeFields.date_to,
    department: scopeFields.department,
  }),
);
export type DashboardQuery = z.output<typeof DashboardQuerySchema>;

export const SALES_GROUPS = ['product', 'variant', 'department', 'day'] as const;
export const SALES_ORDERINGS = [
  'key',
  '-key',
  'label',
  '-label',
  'qty',
  '-qty',
  'revenue_uzs',
  '-revenue_uzs',
  'cogs_uzs',
  '-cogs_uzs',
  'margin_uzs',
  '-margin_uzs',
  'margin_pct',
  '-margin_pct',
] as const;

export const SalesQuerySchema = withPeriodRules(
  z.object({
    ...scopeFields,
    ...pageFields,
    group_by: z.enum(SALES_GROUPS).default('product'),
    ordering: z.enum(SALES_ORDERINGS).optional(),
  }),
);
export type SalesQuery = z.output<typeof SalesQuerySchema>;

const salesFigures = {
  qty: z.string(),
  revenue_uzs: z.string(),
  cogs_uzs: z.string(),
  margin_uzs: z.string(),
  /** margin / revenue in percent, 2 decimals ("29.52"); null without revenue. */
  margin_pct: z.string().nullable(),
};
export const SalesRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  ...salesFigures,
  /**
   * The unit of the row's quantity: its product's; for a department or a day the business's one
   * unit, or null when its products have more than one (DESIGN.md section 16).
   */
  unit: z.enum(UNIT_MEASURES).nullable(),
});
export type SalesRow = z.infer<typeof SalesRowSchema>;

export const STOCK_MOVEMENT_ORDERINGS = [
  'label',
  '-label',
  'opening_qty',
  '-opening_qty',
  'in_qty',
  '-in_qty',
  'out_qty',
  '-out_qty',
  'closing_qty',
  '-closing_qty',
  'closing_value_uzs',
  '-closing_value_uzs',
] as const;

export const StockMovementQuerySchema = withPeriodRules(
  z.object({
    ...scopeFields,
    ...pageFields,
    variant: IdSchema.optional(),
    ordering: z.enum(STOCK_MOVEMENT_ORDERINGS).optional(),
  }),
);
export type StockMovementQuery = z.output<typeof StockMovementQuerySchema>;

const stockFigures = {
  opening_qty: z.string(),
  in_qty: z.string(),
  out_qty: z.string(),
  closing_qty: z.string(),
  closing_value_uzs: z.string(),
};
export const ReportVariantSchema = z.object({
  id: z.number(),
  sku: z.string(),
  label: z.string(),
  product_name: z.string(),
  /** The product's unit of measure (DESIGN.md section 16). */
  unit: z.enum(UNIT_MEASURES),
});
/**
 * The unit of a report's quantity totals: the one unit of the business's products, or null when
 * they have more than one, and the totals' quantities are then no figure to show (DESIGN.md
 * section 16: a total never adds different units).
 */
const totalsUnit = { unit: z.enum(UNIT_MEASURES).nullable() };
export const StockMovementRowSchema = z.object({ variant: ReportVariantSchema, ...stockFigures });
export type StockMovementRow = z.infer<typeof StockMovementRowSchema>;

export const CASH_FLOW_GROUPS = ['day', 'week', 'month'] as const;

export const CashFlowQuerySchema = withPeriodRules(
  z.object({
    ...scopeFields,
    ...pageFields,
    currency: IdSchema.optional(),
    group_by: z.enum(CASH_FLOW_GROUPS).default('day'),
    by_type: BooleanQuerySchema.default(false),
    ordering: z.enum(['period', '-period']).default('period'),
  }),
);
export type CashFlowQuery = z.output<typeof CashFlowQuerySchema>;

export const CashFlowRowSchema = z.object({
  /** The period's first day (a week starts on Monday), YYYY-MM-DD. */
  period: z.string(),
  currency_code: z.string(),
  tx_type: z.enum(TX_TYPES).optional(),
  inflow: z.string(),
  outflow: z.string(),
  net: z.string(),
  /** The balance at the end of the period. */
  closing: z.string(),
});
export type CashFlowRow = z.infer<typeof CashFlowRowSchema>;

export function reportPage<R extends z.ZodTypeAny, T extends z.ZodTypeAny>(row: R, totals: T) {
  return z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    /** The period the figures cover, after defaults (this month up to today). */
    date_from: z.string(),
    date_to: z.string(),
    results: z.array(row),
    totals,
    data_as_of: DataAsOfSchema,
  });
}

export const SalesReportSchema = reportPage(SalesRowSchema, z.object({ ...salesFigures, ...totalsUnit }));
export type SalesReport = z.infer<typeof SalesReportSchema>;
export const StockMovementReportSchema = reportPage(
  StockMovementRowSchema,
  z.object({ ...stockFigures, ...totalsUnit }),
);
export type StockMovementReport = z.infer<typeof StockMovementReportSchema>;
export const CashFlowReportSchema = reportPage(
  CashFlowRowSchema,
  z.array(
    z.object({
      currency_code: z.string(),
      opening: z.string(),
      inflow: z.string(),
      outflow: z.string(),
      net: z.string(),
      closing: z.string(),
    }),
  ),
);
export type CashFlowReport = z.infer<typeof CashFlowReportSchema>;

export const DashboardSchema = z.object({
  data_as_of: DataAsOfSchema,
  date_from: z.string(),
  date_to: z.string(),
  balances: z.array(z.object({ currency_code: z.string(), on_hand: z.string(), in_uzs: z.string() })),
  total_in_uzs: z.string(),
  stock_value_uzs: z.string(),
  sales: z.object(salesFigures).omit({ qty: true }),
  /** Offers waiting for a decision: the department's to decide, or the whole business's. */
  pending_offers: z.number(),
  low_stock: z.array(
    z.object({
      variant: ReportVariantSchema,
      department: z.object({ id: z.number(), email: z.string() }),
      qty_on_hand: z.string(),
      min_qty: z.string(),
    }),
  ),
  overdue_debts: z.array(
    z.object({
      counterparty: z.string(),
      /** Which way it goes (DESIGN.md section 16): RECEIVABLE they owe us, PAYABLE we owe them. */
      direction: z.enum(DEBT_DIRECTIONS),
      currency_code: z.string(),
      remaining: z.string(),
      due_date: z.string(),
    }),
  ),
  series: z.array(
    z.object({ date: z.string(), inflow_uzs: z.string(), outflow_uzs: z.string(), sales_uzs: z.string() }),
  ),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
