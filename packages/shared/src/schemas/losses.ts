import { z } from 'zod';
import { UNIT_MEASURES } from '../constants.ts';
import { pageFields, reportPage, scopeFields, withPeriodRules } from './reports.ts';

// The losses report (DESIGN.md sections 11, 20 and 22), `GET api/reports/losses/`: the cash
// shifts' differences, the transit losses and the stock counts' variances in one list, each
// valued in UZS (a shortage negative, a surplus positive), with a total per kind and in all.

/** The three kinds of a loss (or a gain): a shift's difference, a transfer received short, a count's variance. */
export const LOSS_KINDS = ['SHIFT_DIFF', 'TRANSIT_LOSS', 'STOCK_COUNT'] as const;
export type LossKind = (typeof LOSS_KINDS)[number];

/** The period and department like every report (DESIGN.md section 11); `kind` keeps one kind's rows. */
export const LossesQuerySchema = withPeriodRules(
  z.object({ ...scopeFields, ...pageFields, kind: z.enum(LOSS_KINDS).optional() }),
);
export type LossesQuery = z.output<typeof LossesQuerySchema>;

export const LossRowSchema = z.object({
  /** The row's own key: its kind and its ledger row (money row, stock exit, count line). */
  key: z.string(),
  kind: z.enum(LOSS_KINDS),
  /** The business day it was written, YYYY-MM-DD. */
  date: z.string(),
  /** Whose loss: the shift's department, the transfer's sender, the counted department. */
  department: z.object({ id: z.number(), email: z.string(), name: z.string() }),
  /** What it came from: the shift (its number, "12"), the offer ("#5") or the count ("SC-000003"). */
  source: z.object({ id: z.number(), number: z.string() }),
  /** The variant lost or found; null for a shift's difference. */
  variant: z
    .object({ id: z.number(), sku: z.string(), label: z.string(), unit: z.enum(UNIT_MEASURES) })
    .nullable(),
  /** The quantity, a shortage negative; null for a shift's difference. */
  qty: z.string().nullable(),
  /** A shift's difference in its currency; null for goods (valued in UZS only). */
  currency_code: z.string().nullable(),
  amount: z.string().nullable(),
  /** The value in UZS, a shortage negative: a difference at its row's rate, goods at their lots' FIFO cost. */
  amount_uzs: z.string(),
});
export type LossRow = z.infer<typeof LossRowSchema>;

export const LossesReportSchema = reportPage(
  LossRowSchema,
  z.object({
    /** Every kind's total in the period and department, whatever `kind` shows. */
    shift_diff_uzs: z.string(),
    transit_loss_uzs: z.string(),
    stock_count_uzs: z.string(),
    total_uzs: z.string(),
  }),
);
export type LossesReport = z.infer<typeof LossesReportSchema>;
