// The who-am-I answer's schema, loaded by lib/auth.ts at its first call: zod and the shared schemas
// stay out of the sign-in page's first load (DESIGN.md section 23).
export { WhoAmISchema } from '@app/shared';
