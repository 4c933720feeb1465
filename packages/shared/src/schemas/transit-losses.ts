import { z } from 'zod';
import { UNIT_MEASURES } from '../constants.ts';
import { IsoDateSchema } from './audit.ts';
import { pageFields, reportPage, scopeFields, withPeriodRules } from './reports.ts';

// The transit-losses report (DESIGN.md section 20): the TRANSIT_LOSS exits of product offers
// approved short, by department and period, like the other reports (DESIGN.md section 11).

/**
 * GET reports/transit-losses/: the period as `date_from`/`date_to` like every report, or
 * `from`/`to` (the same days); `department` keeps the losses it sent or received.
 */
export const TransitLossesQuerySchema = withPeriodRules(
  z.object({ ...scopeFields, ...pageFields, from: IsoDateSchema.optional(), to: IsoDateSchema.optional() }),
).refine((q) => !q.from || !q.to || q.from <= q.to, {
  message: 'validation.audit.date_from_must_not_after',
  path: ['to'],
});
export type TransitLossesQuery = z.output<typeof TransitLossesQuerySchema>;

const PartySchema = z.object({ id: z.number(), email: z.string() });

export const TransitLossRowSchema = z.object({
  /** The business day of the approval, YYYY-MM-DD. */
  date: z.string(),
  offer: z.number(),
  sender: PartySchema,
  receiver: PartySchema,
  variant: z.object({ id: z.number(), sku: z.string(), label: z.string(), unit: z.enum(UNIT_MEASURES) }),
  qty: z.string(),
  /** The FIFO cost of the lots the loss consumed, in their currency and in UZS at their rates. */
  currency_code: z.string(),
  value: z.string(),
  value_uzs: z.string(),
  reason: z.string(),
});
export type TransitLossRow = z.infer<typeof TransitLossRowSchema>;

export const TransitLossesReportSchema = reportPage(
  TransitLossRowSchema,
  z.object({
    /** The quantity lost, when the business's products have one unit (else null). */
    qty: z.string().nullable(),
    unit: z.enum(UNIT_MEASURES).nullable(),
    value_uzs: z.string(),
    /** The value per currency of the lots lost. */
    values: z.array(z.object({ currency_code: z.string(), value: z.string() })),
  }),
);
export type TransitLossesReport = z.infer<typeof TransitLossesReportSchema>;
