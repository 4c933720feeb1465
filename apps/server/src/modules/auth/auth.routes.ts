import {
  AcceptInviteBodySchema,
  ForgotPasswordBodySchema,
  ForgotPasswordResponseSchema,
  LoginBodySchema,
  LoginResponseSchema,
  LogoutBodySchema,
  msg,
  RefreshBodySchema,
  ResetPasswordBodySchema,
  TokenPairSchema,
  VerifyCodeBodySchema,
  VerifyCodeResponseSchema,
} from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { prepareDummyHash } from '../../lib/auth/passwords.ts';
import type { Deps } from '../../lib/context.ts';
import { ErrorSchemas, NoContentSchema } from '../../lib/openapi.ts';
import { requestLanguage, tr } from '../../lib/texts.ts';
import * as auth from './auth.service.ts';

/** The web app's refresh token lives here, never in script-readable storage (DESIGN.md section 5). */
export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth/';

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, tokens: auth.IssuedTokens) {
  reply.setCookie(REFRESH_COOKIE, tokens.refresh, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    // Remember me (DESIGN.md section 6): 7 days, else a session cookie.
    ...(tokens.persistent ? { maxAge: auth.REFRESH_TTL_MS / 1000 } : {}),
  });
}

function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
}

/** API clients send {refresh}; the web app sends its cookie. */
function refreshTokenOf(request: FastifyRequest, body: { refresh?: string | undefined } | undefined) {
  return body?.refresh || request.cookies[REFRESH_COOKIE] || undefined;
}

export async function authRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await prepareDummyHash(deps.caches.dummyHash);
  await sessionRoutes(app, deps);
  await codeRoutes(app, deps);
  await passwordRoutes(app, deps);
}

/** Sessions: sign in, refresh, sign out (DESIGN.md section 5). */
async function sessionRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post(
    '/auth/login/',
    {
      schema: {
        tags,
        summary:
          'Sign in: tokens, or otp_required with an otp_token when the account uses login codes; 403 when ' +
          'the password is right but the account is deactivated',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const result = await auth.login(deps, request.body, request.ip, requestLanguage(request));
      if (result.kind === 'otp') return { otp_required: true as const, otp_token: result.otp_token };
      setRefreshCookie(request, reply, result);
      return { access: result.access, refresh: result.refresh };
    },
  );

  r.post(
    '/auth/refresh/',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token (from the body or the cookie) for a new access and refresh token',
        body: RefreshBodySchema.optional(),
        response: { 200: TokenPairSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      try {
        const tokens = await auth.refresh(deps, refreshTokenOf(request, request.body), request.ip);
        setRefreshCookie(request, reply, tokens);
        return { access: tokens.access, refresh: tokens.refresh };
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  r.post(
    '/auth/logout/',
    {
      schema: {
        tags,
        summary: 'Revoke the refresh token and its family',
        body: LogoutBodySchema.optional(),
        response: { 204: NoContentSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      await auth.logout(deps, refreshTokenOf(request, request.body), request.ip);
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );
}

/** One-time codes: ask for a reset code, check a reset or sign-in code. */
async function codeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post(
    '/auth/forgot-password/',
    {
      schema: {
        tags,
        summary: 'Mail a six-digit reset code; answers the same for unknown e-mails',
        body: ForgotPasswordBodySchema,
        response: { 200: ForgotPasswordResponseSchema, ...ErrorSchemas },
      },
    },
    async (request) => {
      await auth.forgotPassword(deps, request.body.email, request.ip, requestLanguage(request));
      return { detail: tr(requestLanguage(request), msg('answers.auth.if_email_belongs_account_code')) };
    },
  );

  r.post(
    '/auth/verify-code/',
    {
      schema: {
        tags,
        summary: 'Check a code: {email, code} gives a reset_token; {otp_token, code} completes a sign-in',
        body: VerifyCodeBodySchema,
        response: { 200: VerifyCodeResponseSchema, ...ErrorSchemas },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ('otp_token' in body) {
        const tokens = await auth.verifyLoginCode(deps, body.otp_token, body.code, request.ip);
        setRefreshCookie(request, reply, tokens);
        return { access: tokens.access, refresh: tokens.refresh };
      }
      return auth.verifyResetCode(deps, body.email, body.code, request.ip);
    },
  );
}

/** Passwords: reset with a reset token, choose one through an invitation. */
async function passwordRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post(
    '/auth/reset-password/',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token; signs the user out everywhere',
        body: ResetPasswordBodySchema,
        response: { 200: z.object({ detail: z.string() }), ...ErrorSchemas },
      },
    },
    async (request) => {
      await auth.resetPassword(deps, request.body.token, request.body.new_password, request.ip);
      return { detail: tr(requestLanguage(request), msg('answers.auth.your_password_has_been_reset')) };
    },
  );

  r.post(
    '/auth/accept-invite/',
    {
      schema: {
        tags,
        summary: 'Choose a first password with an invitation link (single use, 72 hours); signs nothing in',
        body: AcceptInviteBodySchema,
        response: { 200: z.object({ detail: z.string() }), ...ErrorSchemas },
      },
    },
    async (request) => {
      await auth.acceptInvite(deps, request.body.token, request.body.new_password, request.ip);
      return { detail: tr(requestLanguage(request), msg('answers.auth.your_password_has_been_set')) };
    },
  );
}
