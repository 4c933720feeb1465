// The sign-in form's schemas, loaded at the form's first check or submit (login-form.ts) and with
// the sign-in's answer (api/login.ts): zod and the shared schemas stay out of the sign-in page's
// first load (DESIGN.md section 23).
export { LoginBodySchema, LoginResponseSchema } from '@app/shared';
