import { ApiError } from '../../../lib/api-client-error.ts';
import { decodeToken, isTokenExpired, userFromToken } from '../../../lib/session.ts';

/** The admin token's expiry is checked every 300 000 ms. */
export const ADMIN_EXPIRY_CHECK_MS = 300_000;

export interface AdminUser {
  id: string;
  email: string;
}

/** The admin auth states. */
export type AdminAuthState =
  | { status: 'loading' }
  | { status: 'unauthenticated' }
  | { status: 'authenticated'; user: AdminUser };

/**
 * What the stored admin token is worth: none; malformed (not three parts, not JSON, or no
 * sub + email to derive a user from); expired (no exp claim or exp earlier than now); valid.
 */
export type TokenVerdict = 'none' | 'malformed' | 'expired' | 'valid';

export function classifyAdminToken(token: string | null | undefined, nowMs: number): TokenVerdict {
  if (!token) return 'none';
  if (!decodeToken(token)) return 'malformed';
  if (isTokenExpired(token, nowMs)) return 'expired';
  return userFromToken(token) ? 'valid' : 'malformed';
}

/** The admin named by a token's sub and email claims (admin user = id and email from the token). */
export function adminUserFromToken(token: string | null | undefined): AdminUser | null {
  const user = userFromToken(token);
  return user ? { id: user.id, email: user.email } : null;
}

/**
 * Why an admin sign-in failed, for the form to say so (issue #17): wrong e-mail or password (the same
 * 'Invalid credentials' as the public sign-in, whichever was wrong), too many tries (with the wait from
 * `Retry-After`, seconds, when the server sent one), anything else (network, 5xx).
 */
export type AdminLoginFailure =
  | { reason: 'invalidCredentials' }
  | { reason: 'rateLimited'; retryAfterSeconds: number | null }
  | { reason: 'generic' };

export function describeAdminLoginFailure(error: unknown): AdminLoginFailure {
  if (error instanceof ApiError && error.status === 401) return { reason: 'invalidCredentials' };
  if (error instanceof ApiError && error.status === 429) return { reason: 'rateLimited', retryAfterSeconds: error.retryAfterSeconds ?? null };
  return { reason: 'generic' };
}

/** What the machine needs from the outside world; the app passes real storage and API calls, tests fakes. */
export interface AdminAuthDeps {
  /** The stored admin access token. */
  readToken(): string | null;
  /** Stores a new session: persistent storage when `remember`, else session storage. */
  store(tokens: { token: string; refreshToken: string }, remember: boolean): void;
  /** Clears the admin tokens from both storages. */
  clear(): void;
  /** Refreshes with the stored refresh token and stores the result; the new access token or null. */
  refresh(): Promise<string | null>;
  /** GET /admin/auth/verify: the admin as the server sees it; rejects on any failure. */
  verify(): Promise<AdminUser>;
  /** POST /admin/auth/login; rejects on failure. */
  login(body: { email: string; password: string; remember: boolean }): Promise<{ token: string; refreshToken: string; user: AdminUser }>;
  /** Deliberate sign-out: clear the tokens, end the server session best-effort, go to /admin/login. */
  signOut(): void;
  now(): number;
}

export interface AdminAuth {
  getState(): AdminAuthState;
  subscribe(listener: () => void): () => void;
  /** Runs the start-up check once; later calls return the same promise. */
  initialize(): Promise<void>;
  /** Re-reads storage after the token changed elsewhere (another tab, the transport clearing it). */
  syncWithStorage(): Promise<void>;
  /** The periodic check: refreshes only when the token has expired; a failed refresh signs out. */
  checkExpiry(): Promise<void>;
  /** Admin sign-in: null on success, else why it failed (shown next to the form). */
  login(email: string, password: string, remember: boolean): Promise<AdminLoginFailure | null>;
  /** Signs out (tokens cleared, server told best-effort, /admin/login shown) and becomes unauthenticated. */
  logout(): void;
  /** initialize() plus the expiry check every `intervalMs`; returns a stop function. */
  start(intervalMs?: number): () => void;
}

/**
 * The admin session state machine. `loading` until the stored token has been judged; no
 * token → unauthenticated; malformed → cleared, unauthenticated; expired → one refresh, a failure
 * clears it; valid → authenticated with the token's user at once, then GET /admin/auth/verify may
 * replace that user (a verify failure keeps the token user).
 */
export function createAdminAuth(deps: AdminAuthDeps): AdminAuth {
  let state: AdminAuthState = { status: 'loading' };
  let generation = 0;
  let initialized: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const setState = (next: AdminAuthState) => {
    const same =
      next.status === state.status &&
      (next.status !== 'authenticated' || (state.status === 'authenticated' && state.user.id === next.user.id && state.user.email === next.user.email));
    if (same) return;
    state = next;
    listeners.forEach((l) => l());
  };
  const signedOut = () => setState({ status: 'unauthenticated' });

  /** Judges the stored token; a newer run (higher generation) makes an older one's results void. */
  async function evaluate(): Promise<void> {
    const run = ++generation;
    let token = deps.readToken();
    const verdict = classifyAdminToken(token, deps.now());
    if (verdict === 'none') return signedOut();
    if (verdict === 'malformed') {
      deps.clear();
      return signedOut();
    }
    if (verdict === 'expired') {
      token = await deps.refresh().catch(() => null);
      if (run !== generation) return;
      if (!token || classifyAdminToken(token, deps.now()) !== 'valid') {
        deps.clear();
        return signedOut();
      }
    }
    const tokenUser = adminUserFromToken(token)!;
    const keep = state.status === 'authenticated' && state.user.id === tokenUser.id ? state.user : tokenUser;
    setState({ status: 'authenticated', user: keep });
    try {
      const verified = await deps.verify();
      if (run === generation && deps.readToken() === token) setState({ status: 'authenticated', user: verified });
    } catch {
      // Verify failure keeps the token user.
    }
  }

  const auth: AdminAuth = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    initialize() {
      initialized ??= evaluate();
      return initialized;
    },
    async syncWithStorage() {
      const token = deps.readToken();
      const user = adminUserFromToken(token);
      // Nothing changed for us: same signed-in user, token still good.
      if (state.status === 'authenticated' && user && user.id === state.user.id && classifyAdminToken(token, deps.now()) === 'valid') return;
      if (state.status === 'unauthenticated' && !token) return;
      await evaluate();
    },
    async checkExpiry() {
      const verdict = classifyAdminToken(deps.readToken(), deps.now());
      if (verdict === 'valid') return;
      if (verdict === 'none') return signedOut();
      await evaluate();
    },
    async login(email, password, remember) {
      try {
        const session = await deps.login({ email, password, remember });
        generation++;
        deps.store({ token: session.token, refreshToken: session.refreshToken }, remember);
        setState({ status: 'authenticated', user: adminUserFromToken(session.token) ?? { id: session.user.id, email: session.user.email } });
        return null;
      } catch (error) {
        return describeAdminLoginFailure(error);
      }
    },
    logout() {
      generation++;
      deps.signOut();
      signedOut();
    },
    start(intervalMs = ADMIN_EXPIRY_CHECK_MS) {
      void auth.initialize();
      const timer = setInterval(() => void auth.checkExpiry(), intervalMs);
      return () => clearInterval(timer);
    },
  };
  return auth;
}
