import { z } from 'zod';
import { EMAIL_NOTIFICATION_KINDS } from '../constants.ts';
import { encodeMessage } from '../texts/message.ts';
import { BooleanQuerySchema } from './common.ts';

// Notifications, the bell (DESIGN.md section 13): one contract for the server's validation, the
// web app and the OpenAPI document.

export const NOTIFICATION_KINDS = [
  'OFFER_PENDING',
  'OFFER_DECIDED',
  'LOW_STOCK',
  'DEBT_OVERDUE',
  'CHAT_MESSAGE',
  'RATE_CHANGED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Part two's lists: 50 a page. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

/** What a notification is about, for its link. */
export const NOTIFICATION_ENTITIES = ['offer', 'variant', 'debt', 'conversation', 'currency'] as const;

export const NotificationSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  entity: z.string().nullable(),
  entity_id: z.number().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET api/notifications/: the user's own, newest first, with their unread total. */
export const NotificationPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(NotificationSchema),
  /** Every unread notification of the user, whatever the filter and page. */
  unread: z.number(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const NotificationListQuerySchema = z.object({
  page: z.string().optional(),
  unread: BooleanQuerySchema.optional(),
});
export type NotificationListQuery = z.output<typeof NotificationListQuerySchema>;

/** POST api/notifications/{id}/read/ and read-all/: what is still unread afterwards. */
export const NotificationsReadSchema = z.object({
  /** How many this call marked read (0 when they already were). */
  marked: z.number(),
  unread: z.number(),
});
export type NotificationsRead = z.infer<typeof NotificationsReadSchema>;

/**
 * The kinds also sent by e-mail: any of EMAIL_NOTIFICATION_KINDS, each once (an unknown one is
 * a field error on `email_notifications`, as Django REST framework's choice field says it).
 */
export const EmailNotificationsSchema = z
  .array(z.string(), { message: 'validation.expected_list_items' })
  .max(EMAIL_NOTIFICATION_KINDS.length * 2)
  .superRefine((kinds, ctx) => {
    for (const kind of kinds) {
      if (!(EMAIL_NOTIFICATION_KINDS as readonly string[]).includes(kind))
        ctx.addIssue({
          code: 'custom',
          message: encodeMessage('validation.notifications.not_valid_choice', { kind }),
        });
    }
  })
  .transform((kinds) => EMAIL_NOTIFICATION_KINDS.filter((k) => kinds.includes(k)));
