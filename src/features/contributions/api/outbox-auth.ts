import type { OutboxEntry } from '../../../lib/outbox.ts';
import { decodeToken, session } from '../../../lib/session.ts';

/**
 * The signed-in user's current access token and its expiry, stored with a queued write so the service worker's
 * Background Sync can send it with no page open (decision 056); undefined when signed out or the token has no `exp`.
 * Never the refresh token: the worker cannot extend a session, and the token is of no use past its `exp`.
 */
export function outboxAuth(): OutboxEntry['auth'] {
  const token = session.token('public');
  const exp = decodeToken(token)?.exp;
  return token && typeof exp === 'number' ? { token, expiresAt: exp * 1000 } : undefined;
}
