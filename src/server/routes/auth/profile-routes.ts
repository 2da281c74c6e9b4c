import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ApiApp, AppDeps, AppEnv } from '../../http/app-deps.ts';
import { createRouter } from '../../http/create-router.ts';
import { requireUser, type AuthedUser } from '../../auth/request-guards.ts';
import { message } from '../../message-catalogue.ts';
import { changePasswordRequestSchema, messageAnswer, messageResponseSchema, profileSchema, updateProfileRequestSchema, updateProfileSettingsRequestSchema } from '../../../shared/schemas/auth-schemas.ts';
import { envelope } from '../../../shared/schemas/common-schemas.ts';
import { jsonBody, security } from '../../http/openapi.ts';
import { readProfile, updateProfileName, updateProfileSettings } from '../../queries/profiles-queries.ts';
import { authResponses, bearerToken, provider, rateLimit } from './auth-route-helpers.ts';

const tags = ['auth'];


/**
 * Shared by the public and admin change-password routes: 401 without a valid token, 400
 * current_password_incorrect / same_password, 429 after too many tries (counted like sign-ins).
 */
export async function changePassword(c: Context<AppEnv>, deps: AppDeps, user: AuthedUser, body: { currentPassword: string; newPassword: string }) {
  await rateLimit(c, deps, 'login', user.email);
  await provider(deps).changePassword({ id: user.id, email: user.email, accessToken: bearerToken(c) ?? '' }, body.currentPassword, body.newPassword);
  return c.json(messageAnswer(message('password_changed', c.var.lang)), 200);
}

/** GET|PUT /public/auth/profile, PUT /public/auth/profile/settings and PUT /public/auth/change-password (signed-in users). SQL: queries/profiles-queries.ts. */
export function profileRoutes(deps: AppDeps): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/public/auth/profile', tags, security,
      summary: 'The signed-in user: {id, email, name, memberSince (ISO date-time), placesCount, locale (en|ar, of their mails), notifyDecisions}',
      responses: authResponses(envelope(profileSchema), 'The profile', [401, 404]),
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json({ success: true as const, data: await c.var.db((tx) => readProfile(tx, user)) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/public/auth/profile', tags, security,
      summary: "Rename {name} (1–100 characters, 'Name is required'); answers the updated profile",
      request: jsonBody(updateProfileRequestSchema),
      responses: authResponses(envelope(profileSchema), 'Updated', [400, 401, 404]),
    }),
    async (c) => {
      const user = requireUser(c);
      const { name } = c.req.valid('json');
      // One outcome: the auth user's name is set inside the profile's transaction, so if the auth
      // provider refuses (or is down) the profile keeps its old name too.
      const profile = await c.var.db(async (tx) => {
        await updateProfileName(tx, user.id, name);
        const read = await readProfile(tx, user);
        await provider(deps).updateName(user.id, name);
        return read;
      });
      return c.json({ success: true as const, data: profile }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/public/auth/profile/settings', tags, security,
      summary: 'Set {notifyDecisions} (boolean): whether an e-mail tells the user their place requests were approved or rejected; answers the updated profile',
      request: jsonBody(updateProfileSettingsRequestSchema),
      responses: authResponses(envelope(profileSchema), 'Updated', [400, 401, 404]),
    }),
    async (c) => {
      const user = requireUser(c);
      const settings = c.req.valid('json');
      const profile = await c.var.db(async (tx) => {
        await updateProfileSettings(tx, user.id, settings);
        return readProfile(tx, user);
      });
      return c.json({ success: true as const, data: profile }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/public/auth/change-password', tags, security,
      summary: 'Change password {currentPassword, newPassword (≥ 6)}; other sessions are signed out',
      request: jsonBody(changePasswordRequestSchema),
      responses: authResponses(messageResponseSchema, 'Changed', [400, 401, 429]),
    }),
    async (c) => changePassword(c, deps, requireUser(c), c.req.valid('json')),
  );
  return app;
}
