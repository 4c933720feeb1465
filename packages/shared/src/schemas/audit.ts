import { z } from 'zod';
import { OFFER_STATUSES } from '../constants.ts';
import { DataAsOfSchema, IdSchema, searchText } from './common.ts';

// History (DESIGN.md section 10): GET api/audit/ and its CSV export. One contract for the
// server's validation, the page's filters and the OpenAPI document.

/** Part two's lists that can grow: 50 a page (DESIGN.md, before section 8). */
export const AUDIT_PAGE_SIZE = 50;

/** A calendar day in the business's time zone, YYYY-MM-DD (DESIGN.md part two). */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.audit.enter_date_as_yyyy_mm' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'validation.audit.enter_date_as_yyyy_mm',
    },
  );

export const AuditQuerySchema = z
  .object({
    page: z.string().optional(),
    actor: IdSchema.optional(),
    action: searchText().trim().max(100).optional(),
    entity: searchText().trim().max(100).optional(),
    entity_id: searchText().trim().max(100).optional(),
    date_from: IsoDateSchema.optional(),
    date_to: IsoDateSchema.optional(),
    search: searchText().trim().max(200).optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    message: 'validation.audit.date_from_must_not_after',
    path: ['date_to'],
  });
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditRowSchema = z.object({
  id: z.number(),
  actor: z
    .object({ id: z.number(), email: z.string(), first_name: z.string(), last_name: z.string() })
    .nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  summary: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  // DESIGN.md section 16: History in words, beside the codes above. The object's name (a
  // variant's "Ko'ylak KL-01 / Oq / M", a person's name; null where it has none, as an offer, or
  // is gone), whether it is still there (a link only then), the id of the page it is shown on
  // when that is its parent's (a variant's product, a debt's counterparty), and an offer's change
  // of state (null for other actions).
  object_label: z.string().nullable(),
  object_exists: z.boolean(),
  object_parent_id: z.number().nullable(),
  status_from: z.enum(OFFER_STATUSES).nullable(),
  status_to: z.enum(OFFER_STATUSES).nullable(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;

export const AuditPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(AuditRowSchema),
  data_as_of: DataAsOfSchema,
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
