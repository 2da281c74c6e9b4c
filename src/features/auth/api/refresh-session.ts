import { apiRequest, publicSchema } from '../../../lib/api-client.ts';
import { isTokenExpired, session, type SessionScope } from '../../../lib/session.ts';

const REFRESH_PATH: Record<SessionScope, string> = {
  public: '/public/auth/refresh',
  admin: '/admin/auth/refresh',
};

const inflight: Partial<Record<SessionScope, Promise<string | null>>> = {};

async function runRefresh(scope: SessionScope, tokenBefore: string | null): Promise<string | null> {
  // Another tab (or an earlier call) may have rotated the tokens meanwhile: use its fresh token
  // instead of presenting a refresh token that is already spent (reuse would end the session).
  const current = session.token(scope);
  if (current && current !== tokenBefore && !isTokenExpired(current)) return current;
  const refreshToken = session.refreshToken(scope);
  if (!refreshToken) return null;
  try {
    const data = await apiRequest(REFRESH_PATH[scope], {
      method: 'POST',
      body: { refreshToken },
      schema: publicSchema('refreshedSession'),
      scope: 'none',
    });
    // Signed out (or signed in as someone else) while the call ran: do not resurrect the old session.
    if (session.refreshToken(scope) !== refreshToken) return session.token(scope);
    session.replace(scope, { token: data.token, refreshToken: data.refreshToken });
    return data.token;
  } catch {
    return null;
  }
}

/**
 * Exchanges the stored refresh token of `scope` for a new session (POST /public/auth/refresh or
 * /admin/auth/refresh {refreshToken} → {token, refreshToken}), stores it where the old one was
 * (session.replace) and resolves the new access token; null when there is no refresh token or the
 * server refuses it (the caller clears the session). Single flight per scope, and across tabs through
 * the Web Locks API where available, because refresh tokens are single use.
 */
export function refreshSession(scope: SessionScope): Promise<string | null> {
  const tokenBefore = session.token(scope);
  inflight[scope] ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (locks) return await locks.request(`auth-refresh-${scope}`, () => runRefresh(scope, tokenBefore));
      return await runRefresh(scope, tokenBefore);
    } finally {
      delete inflight[scope];
    }
  })();
  return inflight[scope]!;
}
