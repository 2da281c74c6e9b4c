import { ApiError } from '../../../lib/api-client-error.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeToken, isTokenExpired, userFromToken } from '../../../lib/session.ts';
import { adminToken, fakeToken, NOW_MS } from '../test-tokens.ts';
import { ADMIN_EXPIRY_CHECK_MS, classifyAdminToken, createAdminAuth, type AdminAuthDeps } from './admin-auth-machine.ts';

const ADMIN = { id: '11111111-1111-4111-8111-111111111111', email: 'admin@example.test' };

/** In-memory storage + scripted API for the machine; records what it did. */
function harness(initial: { token?: string | null; refreshToken?: string | null; remembered?: boolean } = {}) {
  const store = { token: initial.token ?? null, refreshToken: initial.refreshToken ?? null, remembered: initial.remembered ?? true };
  const calls: string[] = [];
  const deps: AdminAuthDeps = {
    readToken: () => store.token,
    store: (tokens, remember) => {
      calls.push(`store:${remember ? 'persistent' : 'session'}`);
      Object.assign(store, tokens, { remembered: remember });
    },
    clear: () => {
      calls.push('clear');
      store.token = null;
      store.refreshToken = null;
    },
    refresh: vi.fn(async () => {
      calls.push('refresh');
      return null;
    }),
    verify: vi.fn(async () => {
      calls.push('verify');
      return ADMIN;
    }),
    login: vi.fn(async () => {
      throw new Error('401');
    }),
    signOut: vi.fn(() => {
      calls.push('signOut');
      store.token = null;
      store.refreshToken = null;
    }),
    now: () => NOW_MS,
  };
  return { store, calls, deps, auth: createAdminAuth(deps) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('token rules', () => {
  it('needs three dot-separated parts with a JSON payload', () => {
    expect(decodeToken('a.b')).toBeNull();
    expect(decodeToken('a.b.c.d')).toBeNull();
    expect(decodeToken('x.not-base64-json.y')).toBeNull();
    expect(decodeToken(adminToken())).toMatchObject({ email: ADMIN.email });
  });

  it('is expired without exp or with exp before now', () => {
    expect(isTokenExpired(fakeToken({ sub: ADMIN.id, email: ADMIN.email }), NOW_MS)).toBe(true);
    expect(isTokenExpired(adminToken({ expired: true }), NOW_MS)).toBe(true);
    expect(isTokenExpired(adminToken(), NOW_MS)).toBe(false);
  });

  it('derives a user only with both sub and email', () => {
    expect(userFromToken(fakeToken({ sub: ADMIN.id, exp: 9e9 }))).toBeNull();
    expect(userFromToken(fakeToken({ email: ADMIN.email, exp: 9e9 }))).toBeNull();
    expect(userFromToken(adminToken())).toMatchObject({ id: ADMIN.id, email: ADMIN.email, isAdmin: true });
  });

  it('classifies the stored admin token', () => {
    expect(classifyAdminToken(null, NOW_MS)).toBe('none');
    expect(classifyAdminToken('garbage', NOW_MS)).toBe('malformed');
    expect(classifyAdminToken(fakeToken({ exp: NOW_MS / 1000 + 60 }), NOW_MS)).toBe('malformed');
    expect(classifyAdminToken(adminToken({ expired: true }), NOW_MS)).toBe('expired');
    expect(classifyAdminToken(fakeToken({ sub: ADMIN.id, email: ADMIN.email }), NOW_MS)).toBe('expired');
    expect(classifyAdminToken(adminToken(), NOW_MS)).toBe('valid');
  });
});

describe('admin auth state machine', () => {
  it('starts in loading and becomes unauthenticated without a stored token', async () => {
    const { auth, calls } = harness();
    expect(auth.getState()).toEqual({ status: 'loading' });
    await auth.initialize();
    expect(auth.getState()).toEqual({ status: 'unauthenticated' });
    expect(calls).toEqual([]);
  });

  it('clears a malformed token', async () => {
    const { auth, calls, store } = harness({ token: 'not.a-token', refreshToken: 'r1' });
    await auth.initialize();
    expect(auth.getState()).toEqual({ status: 'unauthenticated' });
    expect(calls).toEqual(['clear']);
    expect(store.token).toBeNull();
  });

  it('sets the user from a valid token at once, then takes the verify answer', async () => {
    const { auth, deps } = harness({ token: adminToken({ email: 'old@example.test' }) });
    const verified = { id: ADMIN.id, email: 'renamed@example.test' };
    let release!: () => void;
    deps.verify = vi.fn(() => new Promise<typeof verified>((resolve) => (release = () => resolve(verified))));
    const done = auth.initialize();
    await vi.waitFor(() => expect(deps.verify).toHaveBeenCalled());
    expect(auth.getState()).toEqual({ status: 'authenticated', user: { id: ADMIN.id, email: 'old@example.test' } });
    release();
    await done;
    expect(auth.getState()).toEqual({ status: 'authenticated', user: verified });
  });

  it('keeps the token user when verify fails', async () => {
    const { auth, deps, store } = harness({ token: adminToken() });
    deps.verify = vi.fn(async () => {
      throw new Error('network');
    });
    await auth.initialize();
    expect(auth.getState()).toEqual({ status: 'authenticated', user: ADMIN });
    expect(store.token).not.toBeNull();
  });

  it('refreshes an expired token and signs in with the new one', async () => {
    const fresh = adminToken();
    const { auth, deps, calls } = harness({ token: adminToken({ expired: true }), refreshToken: 'r1' });
    deps.refresh = vi.fn(async () => {
      calls.push('refresh');
      return fresh;
    });
    await auth.initialize();
    expect(calls).toEqual(['refresh', 'verify']);
    expect(auth.getState()).toEqual({ status: 'authenticated', user: ADMIN });
  });

  it('clears the token when the refresh of an expired token fails', async () => {
    const { auth, calls, store } = harness({ token: adminToken({ expired: true }), refreshToken: 'r1' });
    await auth.initialize();
    expect(calls).toEqual(['refresh', 'clear']);
    expect(store.token).toBeNull();
    expect(auth.getState()).toEqual({ status: 'unauthenticated' });
  });

  it('login stores persistently with remember, in session storage without, and reports success', async () => {
    for (const remember of [true, false]) {
      const { auth, deps, calls, store } = harness();
      deps.login = vi.fn(async () => ({ token: adminToken(), refreshToken: 'r2', user: ADMIN }));
      await auth.initialize();
      await expect(auth.login(ADMIN.email, 'secret1', remember)).resolves.toBeNull();
      expect(deps.login).toHaveBeenCalledWith({ email: ADMIN.email, password: 'secret1', remember });
      expect(calls).toContain(remember ? 'store:persistent' : 'store:session');
      expect(store).toMatchObject({ refreshToken: 'r2', remembered: remember });
      expect(auth.getState()).toEqual({ status: 'authenticated', user: ADMIN });
    }
  });

  it('login failure says why (wrong credentials, too many tries with the wait, anything else) and changes nothing', async () => {
    const cases: [unknown, unknown][] = [
      [new ApiError(401, 'invalid_credentials', 'Invalid credentials'), { reason: 'invalidCredentials' }],
      [new ApiError(429, 'rate_limited', 'Too many attempts', undefined, 840), { reason: 'rateLimited', retryAfterSeconds: 840 }],
      [new ApiError(429, 'rate_limited', 'Too many attempts'), { reason: 'rateLimited', retryAfterSeconds: null }],
      [new ApiError(0, 'network_error', 'Network issue'), { reason: 'generic' }],
      [new Error('boom'), { reason: 'generic' }],
    ];
    for (const [error, failure] of cases) {
      const { auth, deps, calls } = harness();
      deps.login = vi.fn(async () => { throw error; });
      await auth.initialize();
      await expect(auth.login(ADMIN.email, 'wrong-pass', false)).resolves.toEqual(failure);
      expect(auth.getState()).toEqual({ status: 'unauthenticated' });
      expect(calls).toEqual([]);
    }
  });

  it('logout signs out (tokens, server, /admin/login) and becomes unauthenticated', async () => {
    const { auth, deps, calls, store } = harness({ token: adminToken(), refreshToken: 'r1' });
    await auth.initialize();
    auth.logout();
    expect(deps.signOut).toHaveBeenCalledTimes(1);
    expect(calls.at(-1)).toBe('signOut');
    expect(store.token).toBeNull();
    expect(auth.getState()).toEqual({ status: 'unauthenticated' });
    // A verify answer arriving after the logout does not sign the admin back in.
    await auth.syncWithStorage();
    expect(auth.getState()).toEqual({ status: 'unauthenticated' });
  });

  it('checks expiry every 300000 ms and refreshes only when expired', async () => {
    vi.useFakeTimers();
    let now = NOW_MS;
    const { auth, deps, store } = harness({ token: adminToken(), refreshToken: 'r1' });
    deps.now = () => now;
    const fresh = fakeToken({ sub: ADMIN.id, email: ADMIN.email, exp: NOW_MS / 1000 + 7200 });
    deps.refresh = vi.fn(async () => {
      store.token = fresh;
      return fresh;
    });
    const stop = auth.start();
    await vi.advanceTimersByTimeAsync(ADMIN_EXPIRY_CHECK_MS - 1);
    expect(deps.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.refresh).not.toHaveBeenCalled(); // checked at 300 000 ms, still valid
    now = NOW_MS + 3601_000; // the token's exp has passed
    await vi.advanceTimersByTimeAsync(ADMIN_EXPIRY_CHECK_MS);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(auth.getState()).toEqual({ status: 'authenticated', user: ADMIN });
    await vi.advanceTimersByTimeAsync(ADMIN_EXPIRY_CHECK_MS);
    expect(deps.refresh).toHaveBeenCalledTimes(1); // the new token is still valid
    stop();
  });

  it('signs out when the periodic refresh fails', async () => {
    vi.useFakeTimers();
    let now = NOW_MS;
    const { auth, deps, store } = harness({ token: adminToken(), refreshToken: 'r1' });
    deps.now = () => now;
    const stop = auth.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(auth.getState().status).toBe('authenticated');
    now = NOW_MS + 7200_000;
    await vi.advanceTimersByTimeAsync(ADMIN_EXPIRY_CHECK_MS);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(store.token).toBeNull();
    expect(auth.getState()).toEqual({ status: 'unauthenticated' });
    stop();
  });

  it('follows storage: a token cleared elsewhere signs out, a new one signs in', async () => {
    const { auth, store } = harness({ token: adminToken(), refreshToken: 'r1' });
    await auth.initialize();
    store.token = null;
    await auth.syncWithStorage();
    expect(auth.getState()).toEqual({ status: 'unauthenticated' });
    store.token = adminToken();
    await auth.syncWithStorage();
    expect(auth.getState()).toEqual({ status: 'authenticated', user: ADMIN });
  });

  it('notifies subscribers only on real changes', async () => {
    const { auth } = harness({ token: adminToken() });
    const listener = vi.fn();
    auth.subscribe(listener);
    await auth.initialize();
    expect(listener).toHaveBeenCalledTimes(1); // loading → authenticated; verify returned the same user
  });
});
