import { z } from 'zod';

const ErrorBodySchema = z.object({ detail: z.string() }).catchall(z.unknown());

/** The documented error answers every route may give (DESIGN.md section 4). */
export const ErrorSchemas = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
  // The database connection was lost (lib/errors.ts connectionLost): any route, with Retry-After.
  503: ErrorBodySchema,
} as const;
