import { createRoute } from '@hono/zod-openapi';
import type { ApiApp, AppDeps } from '../../http/app-deps.ts';
import { createRouter } from '../../http/create-router.ts';
import { publicSession, publicUser } from '../../auth/auth-provider.ts';
import { message } from '../../message-catalogue.ts';
import {
  authSessionSchema, authUserSchema, emailOnlyRequestSchema, loginRequestSchema, messageAnswer, messageResponseSchema,
  registerRequestSchema, registerResponseSchema, resetPasswordRequestSchema, verifyEmailRequestSchema,
  verifyResetCodeRequestSchema,
} from '../../../shared/schemas/auth-schemas.ts';
import { envelope } from '../../../shared/schemas/common-schemas.ts';
import { authResponses, provider, rateLimit, sessionRoutes } from './auth-route-helpers.ts';
import { jsonBody } from '../../http/openapi.ts';

const tags = ['auth'];

/**
 * Public sign-up, sign-in and password reset. None of them reveals whether an
 * address has an account: register, resend-code and forgot-password answer the same either way.
 */
export function publicAuthRoutes(deps: AppDeps): ApiApp {
  const app = createRouter();
  const auth = provider(deps);

  app.openapi(
    createRoute({
      method: 'post', path: '/public/auth/register', tags,
      summary: 'Sign up {email, password, name}: mails a 6-digit code; answer 201 {email, needsVerification:true} whether or not the address is taken',
      request: jsonBody(registerRequestSchema),
      responses: authResponses(registerResponseSchema, 'Code sent (when the address can sign up)', [400, 429], 201),
    }),
    async (c) => {
      const body = c.req.valid('json');
      await rateLimit(c, deps, 'send', body.email);
      await auth.register(body, c.var.lang);
      return c.json({ success: true as const, data: { email: body.email, needsVerification: true as const } }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/public/auth/verify-email', tags,
      summary: 'Confirm the address with its code {email, code} and sign in: {user, data:{token, refreshToken, expiresAt, user}}',
      description: 'Codes last 1 hour and are single use; 5 wrong codes burn the code (code_attempts_exceeded).',
      request: jsonBody(verifyEmailRequestSchema),
      responses: authResponses(envelope(authSessionSchema).extend({ user: authUserSchema }), 'Verified and signed in', [400, 429]),
    }),
    async (c) => {
      const { email, code } = c.req.valid('json');
      await rateLimit(c, deps, 'verify', email);
      const session = await auth.verifyEmail(email, code);
      return c.json({ success: true as const, user: publicUser(session.user), data: publicSession(session) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/public/auth/resend-code', tags,
      summary: 'Mail a new sign-up code {email} (only to an address awaiting verification; same answer otherwise); one per LIMITS.resendCodeCooldownSeconds (30 s) per address, sooner: 429 with Retry-After',
      request: jsonBody(emailOnlyRequestSchema),
      responses: authResponses(messageResponseSchema, 'Accepted', [400, 429]),
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      // One mail per cooldown per address (a double tap, two tabs), then the hourly mail budget.
      await rateLimit(c, deps, 'resend', email);
      await rateLimit(c, deps, 'send', email);
      await auth.resendCode(email, c.var.lang);
      return c.json(messageAnswer(message('verification_code_sent', c.var.lang)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/public/auth/login', tags,
      summary: 'Sign in {email, password}: data {token, refreshToken, expiresAt (s since epoch), user {id, email, name}}',
      description: "Wrong e-mail or password: 401 invalid_credentials ('Invalid credentials'). Right password but unverified address: 403 email_not_verified.",
      request: jsonBody(loginRequestSchema),
      responses: authResponses(envelope(authSessionSchema), 'Signed in', [400, 401, 403, 429]),
    }),
    async (c) => {
      const { email, password } = c.req.valid('json');
      await rateLimit(c, deps, 'login', email);
      const session = await auth.login(email, password);
      return c.json({ success: true as const, data: publicSession(session) }, 200);
    },
  );

  app.route('/', sessionRoutes(deps, {
    base: '/public/auth', tags,
    refresh: {
      summary: 'Exchange a refresh token {refreshToken} for a new session; the old refresh token stops working',
      description: 'Presenting an already rotated refresh token again revokes the whole session (reuse detection): 401 invalid_refresh_token.',
    },
    logoutSummary: 'Sign out: ends the session of the bearer token and/or of {refreshToken}. Always succeeds.',
  }));

  app.openapi(
    createRoute({
      method: 'post', path: '/public/auth/forgot-password', tags,
      summary: "Mail a password reset code {email}. Always answers 'If the email exists, a reset code has been sent'",
      request: jsonBody(emailOnlyRequestSchema),
      responses: authResponses(messageResponseSchema, 'Accepted', [400, 429]),
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      await rateLimit(c, deps, 'send', email);
      await auth.forgotPassword(email, c.var.lang);
      return c.json(messageAnswer(message('reset_code_sent', c.var.lang)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/public/auth/verify-reset-code', tags,
      summary: 'Check a reset code {email, code} before asking for the new password (the code stays usable)',
      request: jsonBody(verifyResetCodeRequestSchema),
      responses: authResponses(messageResponseSchema, 'The code is valid', [400, 429]),
    }),
    async (c) => {
      const { email, code } = c.req.valid('json');
      await rateLimit(c, deps, 'verify', email);
      await auth.verifyResetCode(email, code);
      return c.json(messageAnswer(message('reset_code_valid', c.var.lang)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/public/auth/reset-password', tags,
      summary: 'Set a new password with the reset code {email, code, newPassword}; ends every session of the user',
      request: jsonBody(resetPasswordRequestSchema),
      responses: authResponses(messageResponseSchema, 'Password reset', [400, 429]),
    }),
    async (c) => {
      const { email, code, newPassword } = c.req.valid('json');
      await rateLimit(c, deps, 'verify', email);
      await auth.resetPassword(email, code, newPassword);
      return c.json(messageAnswer(message('password_reset_done', c.var.lang)), 200);
    },
  );
  return app;
}
