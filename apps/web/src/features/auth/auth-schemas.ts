// The sign-in form's schemas and their resolver, loaded at the form's first check or submit: zod and
// the shared schemas stay out of the sign-in page's first load (DESIGN.md section 23).
export { LoginBodySchema, LoginResponseSchema } from '@app/shared';
export { zodResolver } from '@hookform/resolvers/zod';
