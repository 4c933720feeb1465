import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { EmailSchema } from './auth.ts';
import { searchText, text } from './common.ts';

// The administrators' users page (DESIGN.md section 9): GET/POST api/admin/users/, PATCH
// api/admin/users/{id}/, POST api/admin/users/{id}/invite/.

/** Hours an invitation link works. */
export const INVITE_TTL_HOURS = 72;

export const AdminUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  first_name: z.string(),
  last_name: z.string(),
  code: z.string(),
  login_otp: z.boolean(),
  is_active: z.boolean(),
  last_login_at: z.string().nullable(),
  /** Invited and no password chosen yet: the person cannot sign in until they accept. */
  invitation_pending: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersQuerySchema = z.object({ search: searchText().trim().max(100).optional() });

const name = (message: string) => text().trim().max(150, { message });

const editable = {
  role: z.enum(ROLES, { message: 'validation.users.choose_role' }),
  first_name: name('validation.users.first_name_must_not_exceed'),
  last_name: name('validation.users.last_name_must_not_exceed'),
  code: text().trim().max(50, { message: 'validation.users.department_code_must_not_exceed' }),
  login_otp: z.boolean(),
};

/**
 * POST api/admin/users/: the person gets an invitation e-mail to choose a password. E-mail, role
 * and names are all it needs; the code is blank and login codes off unless given (DESIGN.md
 * section 16).
 */
export const AdminUserCreateSchema = z.object({
  email: EmailSchema,
  ...editable,
  code: editable.code.default(''),
  login_otp: editable.login_otp.default(false),
});
export type AdminUserCreateBody = z.input<typeof AdminUserCreateSchema>;

/** PATCH api/admin/users/{id}/: any of the fields; is_active false deactivates. */
export const AdminUserUpdateSchema = z.object({ ...editable, is_active: z.boolean() }).partial();
export type AdminUserUpdateBody = z.input<typeof AdminUserUpdateSchema>;
