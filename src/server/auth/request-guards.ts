import type { Context, MiddlewareHandler } from 'hono';
import { ForbiddenError, UnauthenticatedError } from '../domain-errors.ts';
import type { JwtClaims } from '../db/client.ts';
import type { AppEnv } from '../http/app-deps.ts';

/** A signed-in caller, from a verified access token. */
export interface AuthedUser {
  /** auth.users.id (uuid), the token's `sub`. */
  id: string;
  email: string;
  /** True when the token's app_metadata.role is 'admin'. */
  isAdmin: boolean;
  claims: JwtClaims;
}

function toUser(claims: JwtClaims): AuthedUser | null {
  if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || !claims.sub) return null;
  return {
    id: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : '',
    isAdmin: claims.app_metadata?.role === 'admin',
    claims,
  };
}

/**
 * The signed-in caller of this request, or null (no, invalid, tampered or expired token — the app
 * middleware already verified the bearer token with a pinned algorithm and checked `exp`).
 */
export function currentUser(c: Context<AppEnv>): AuthedUser | null {
  return toUser(c.get('claims'));
}

/**
 * Requires a valid user access token. Throws UnauthenticatedError `unauthorized` (401) when the request has no valid
 * bearer token (missing, malformed, tampered, `alg: none`, expired).
 */
export function requireUser(c: Context<AppEnv>): AuthedUser {
  const user = currentUser(c);
  if (!user) throw new UnauthenticatedError('unauthorized');
  return user;
}

/**
 * Requires an admin access token (app_metadata.role === 'admin', set only by the server via
 * raw_app_meta_data). Throws 401 `unauthorized` without a valid token, 403 `forbidden` for a non-admin.
 */
export function requireAdmin(c: Context<AppEnv>): AuthedUser {
  const user = requireUser(c);
  if (!user.isAdmin) throw new ForbiddenError('forbidden');
  return user;
}

/**
 * The one admin guard, mounted by app.ts on `/admin/*` before any admin route reads its input:
 * 401 `unauthorized` without a valid token, 403 `forbidden` for a signed-in non-admin. Requests for
 * which `isPublic` is true pass (the admin sign-in operations, which hand out or end sessions and
 * declare no bearerAuth: `/admin/auth/login|refresh|logout`).
 */
export function adminGuard(isPublic: (c: Context<AppEnv>) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isPublic(c)) requireAdmin(c);
    await next();
  };
}
