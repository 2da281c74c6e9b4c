import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { JwtClaims } from '../db/client.ts';

/** Verifies a bearer access token; returns its claims, or null when it is invalid or expired. */
export interface AccessTokenVerifier {
  verifyAccessToken(token: string): Promise<JwtClaims | null>;
}

/** Access-token lifetime in seconds (GoTrue's default `jwt_expiry`). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

const encoder = new TextEncoder();

/**
 * Signs an HS256 access token with GoTrue's claims: sub, email, role ('authenticated'),
 * aud ('authenticated'), app_metadata, user_metadata, iat, exp (seconds since epoch).
 */
export async function signAccessToken(
  user: { id: string; email: string; appMetadata?: Record<string, unknown>; userMetadata?: Record<string, unknown> },
  secret: string,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  extra: Record<string, unknown> = {},
): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ttlSeconds;
  const token = await new SignJWT({
    email: user.email,
    role: 'authenticated',
    app_metadata: user.appMetadata ?? {},
    user_metadata: user.userMetadata ?? {},
    ...extra,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setAudience('authenticated')
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(encoder.encode(secret));
  return { token, expiresAt };
}

/**
 * Verifies HS256 tokens signed with `secret` (algorithm pinned: `none` and others are refused),
 * requiring exp, sub and audience 'authenticated'. Returns the claims or null.
 */
export function hs256Verifier(secret: string): AccessTokenVerifier {
  const key = encoder.encode(secret);
  return {
    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'authenticated', requiredClaims: ['exp', 'sub'] });
        if (payload.role !== 'authenticated') return null;
        return payload as unknown as JwtClaims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
