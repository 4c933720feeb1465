import { z } from 'zod';
import { WEIGHT_BARCODE_MODES } from '../barcode.ts';
import { EMAIL_NOTIFICATION_KINDS, OTP_LENGTH, PASSWORD_MIN } from '../constants.ts';
import { LANGUAGES } from '../languages.ts';
import { ROLES } from '../roles.ts';
import { EmailNotificationsSchema } from './notifications.ts';

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'validation.auth.enter_valid_email_address' }));
const CodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { message: 'validation.auth.enter_6_digit_code' });

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, { message: 'validation.auth.field_may_not_blank' }).max(1024),
  remember: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export const LoginResponseSchema = z.union([
  TokenPairSchema,
  z.object({ otp_required: z.literal(true), otp_token: z.string() }),
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshBodySchema = z.object({ refresh: z.string().max(200).optional() });
export const LogoutBodySchema = RefreshBodySchema;

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const ForgotPasswordResponseSchema = z.object({ detail: z.string() });

/** verify-code has two modes (DESIGN.md section 5): reset by email, or login by otp_token. */
export const VerifyCodeBodySchema = z.union([
  z.object({ otp_token: z.string().min(1).max(2000), code: CodeSchema }),
  z.object({ email: EmailSchema, code: CodeSchema }),
]);
export const VerifyCodeResponseSchema = z.union([z.object({ reset_token: z.string() }), TokenPairSchema]);

const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, { message: 'validation.auth.ensure_field_has_at_least' })
  .max(256);

export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(2000),
  new_password: NewPasswordSchema,
});

/** POST auth/accept-invite/ (DESIGN.md section 9): the invitation's token and a first password. */
export const AcceptInviteBodySchema = z.object({
  token: z.string().min(1).max(200),
  new_password: NewPasswordSchema,
});

export const WhoAmISchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  profile: z.object({ first_name: z.string(), last_name: z.string() }),
  /** The notification kinds also sent by e-mail (DESIGN.md section 13). */
  email_notifications: z.array(z.enum(EMAIL_NOTIFICATION_KINDS)),
  /** The interface language the user chose (DESIGN.md section 14), null until they choose. */
  language: z.enum(LANGUAGES).nullable(),
  /**
   * Whether the user sells and buys with documents (DESIGN.md section 19): the Bozorchi and the
   * Ta'minotchi, and the roles the Owner allows in the settings (`canSell`, `canBuy`).
   */
  can_sell: z.boolean(),
  can_buy: z.boolean(),
  /** Whether the user writes production orders (DESIGN.md section 21): `PRODUCTION_ROLES`. */
  can_produce: z.boolean(),
  /** Whether the user keeps a cash drawer and its shifts (DESIGN.md section 22): `keepsShifts`. */
  keeps_shifts: z.boolean(),
  /**
   * How the business's scales print weight codes (DESIGN.md section 18, a setting): the counter
   * reads them from the device when it has no connection (section 23).
   */
  weight_barcodes: z.enum(WEIGHT_BARCODE_MODES),
});
export type WhoAmI = z.infer<typeof WhoAmISchema>;

/** PATCH api/auth/me/: the signed-in user's own preferences; answers as whoami. */
export const MeUpdateSchema = z.object({
  email_notifications: EmailNotificationsSchema.optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type MeUpdate = z.input<typeof MeUpdateSchema>;

export const BusinessUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  code: z.string(),
  role: z.enum(ROLES),
});
export type BusinessUser = z.infer<typeof BusinessUserSchema>;
